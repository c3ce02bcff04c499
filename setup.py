"""Builds the compiled core (assistant/_core.c and the scoring patterns, _patterns.c); the rest
of the project is in pyproject.toml.

The extension is optional: where no C compiler is present the install goes on without it and the
engine answers on its pure-Python path (assistant/native.py).
"""

import sys

from setuptools import Extension, setup

FLAGS = [] if sys.platform == "win32" else ["-O3", "-Wall", "-Wextra"]

SOURCES = ["assistant/_core.c", "assistant/_patterns.c", "assistant/_riichi.c",
           "assistant/_answer.c"]
HEADERS = ["assistant/_core.h", "assistant/_patterns.h", "assistant/_reading.h",
           "assistant/_riichi.h", "assistant/_answer.h"]

setup(ext_modules=[Extension("assistant._core", SOURCES, depends=HEADERS,
                             extra_compile_args=FLAGS, optional=True)])
