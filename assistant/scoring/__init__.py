"""Scoring machinery shared by the variants: the table facts, hand patterns, items and settlement.

A variant's scorer (``assistant/variants/<name>.py``) reads the ``table`` object with
:func:`~assistant.scoring.table.read_table`, recognises patterns with
:mod:`~assistant.scoring.patterns`, lists what the hand earned as items
(:func:`~assistant.scoring.items.item`) and settles it on a :class:`~assistant.scoring.settlement.Ledger`,
so no two variants carry their own copy of these.
"""
