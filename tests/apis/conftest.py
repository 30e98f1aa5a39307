"""Vendors' own clients of the products' APIs against a live gateway served over HTTPS.

Each client runs in its own venv (scripts/adapter_venvs.sh: simple-salesforce, pysnc, msgraph-sdk, and a
Salesforce MCP server) as a driver from `drivers/`, told the instance URL and the episode's capability as
its access token; the driver prints one JSON line of what it saw. The gateway's certificate is
self-signed for 127.0.0.1 and handed to the clients the way their users do it (REQUESTS_CA_BUNDLE,
SSL_CERT_FILE), so the SDKs run unchanged (simple-salesforce always speaks https).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from mcp_gateway.live import start_live_server
from tests.adapters import conftest as adapters

DRIVERS = Path(__file__).parent / "drivers"


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate and key for 127.0.0.1 and localhost (PEM files in `folder`)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    names = [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_path, key_path


@pytest.fixture(scope="session")
def tls_server(tmp_path_factory):
    """A live gateway over HTTPS; `.cert` is the certificate clients must trust."""
    cert, key = self_signed(tmp_path_factory.mktemp("tls"))
    server = start_live_server(tls_certfile=str(cert), tls_keyfile=str(key))
    server.cert = cert
    yield server
    server.stop()


def run_driver(venv: str, driver: str, job: dict, cert: Path, timeout: float = 300) -> dict:
    """Run drivers/<driver>.py in venv `venv` with `job` on stdin, trusting the gateway's certificate."""
    tls = {"REQUESTS_CA_BUNDLE": str(cert), "SSL_CERT_FILE": str(cert)}
    return adapters.run_driver(venv, driver, job, timeout, drivers=DRIVERS, env=tls)


venv_python = adapters.venv_python
