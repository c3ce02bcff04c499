"""HTTPS for the service: a phone's browser opens its camera (``getUserMedia``) on secure pages only.

Plain HTTP is served by waitress, which has no TLS; with a certificate the same app is served by
cheroot (CherryPy's production WSGI server) through Python's ``ssl``. For a table on a home LAN,
``self_signed`` makes a certificate for this machine's names and addresses once and keeps it: the
phone shows a warning the first time, then the camera works.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from pathlib import Path
from typing import Any

#: Lifetime of a generated certificate; a fresh one is made when it has run out.
SELF_SIGNED_DAYS = 825


def local_names() -> tuple[list[str], list[str]]:
    """(DNS names, IP addresses) by which phones on the LAN may reach this machine."""
    names = {"localhost", socket.gethostname()}
    addresses = {"127.0.0.1"}
    try:  # the address of the interface that routes outwards (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            addresses.add(probe.getsockname()[0])
    except OSError:
        pass
    try:
        addresses.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                                   socket.AF_INET))
    except OSError:
        pass
    return sorted(n for n in names if n), sorted(addresses)


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate and key under ``folder`` for this machine, made on first use; their paths."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    now = datetime.datetime.now(datetime.timezone.utc)
    if cert_path.is_file() and key_path.is_file():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        if cert.not_valid_after_utc > now + datetime.timedelta(days=1):
            return cert_path, key_path
    names, addresses = local_names()
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "mahjong-assistant"),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "麻将助手 (self-signed)")])
    alt = [x509.DNSName(n) for n in names] + [x509.IPAddress(ipaddress.ip_address(a))
                                               for a in addresses]
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=SELF_SIGNED_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    folder.chmod(0o700)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    # Created 0600 from the start (never world-readable, not even between write and chmod).
    tmp = key_path.with_name(key_path.name + ".new")
    tmp.unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
    os.replace(tmp, key_path)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def https_server(app: Any, host: str, port: int, threads: int, certfile: Path, keyfile: Path,
                 ) -> Any:
    """A cheroot WSGI server for ``app`` speaking HTTPS with the given certificate (not started).

    A missing or unreadable certificate raises ``ValueError`` naming the file, before binding.
    """
    import ssl

    from cheroot import wsgi
    from cheroot.ssl.builtin import BuiltinSSLAdapter

    for label, path in (("certificate", certfile), ("key", keyfile)):
        if not Path(path).is_file():
            raise ValueError(f"{label} file not found: {path}")
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(str(certfile),
                                                                             str(keyfile))
    except (ssl.SSLError, OSError) as exc:
        raise ValueError(f"cannot use {certfile} / {keyfile} as certificate and key: {exc}",
                         ) from exc
    from .servers import BACKLOG, SERVER_HEADER_LIMIT, json_connection_class

    app.extensions["recognizer"].fit_threads(threads)

    # cheroot queues 5 connections by default: 200 concurrent clients then time out. The
    # backlog, the accepted-connection queue and the threads are sized for a crowd instead.
    server = wsgi.Server((host, port), app, numthreads=threads, max=max(threads, 4 * threads),
                         request_queue_size=BACKLOG, accepted_queue_size=4 * BACKLOG,
                         accepted_queue_timeout=30, server_name="mahjong-assistant")
    # The app bounds each endpoint's body (413 as JSON); cheroot's own bounds sit above it.
    server.max_request_body_size = app.config["MAX_CONTENT_LENGTH"] + 65536
    server.max_request_header_size = SERVER_HEADER_LIMIT
    server.ssl_adapter = BuiltinSSLAdapter(str(certfile), str(keyfile))
    server.ConnectionClass = json_connection_class()  # its own errors: JSON, security headers
    return server
