"""A long upload does not block questions: `pincite serve` on a real socket, a ready
document, then a 600-page PDF uploaded; questions asked while it is being ingested are
answered without waiting for it (its extraction runs in a child process and its embedding
on the upload worker's thread; only its write is a task on the library thread)."""
from __future__ import annotations

import threading
import time

import httpx

from pdfgen import make_pdf
from pincite.config import Settings
from pincite.web.server import Server

FACT = "The boiler B-12 relief valve opens at 3 bar and must be checked every month."


def test_questions_are_answered_while_a_long_upload_is_ingested(tmp_path):
    small = make_pdf(tmp_path / "boiler.pdf", ["Boiler B-12 manual", FACT])
    big = make_pdf(tmp_path / "big.pdf", [
        f"Section {i}. The pump unit P-{i} delivers {i * 3} litres per minute at {i % 9 + 1} bar. "
        f"Its filter F-{i} is cleaned every {i % 12 + 1} weeks, and its seal S-{i} is replaced "
        f"after {i % 7 + 2} years of service by a trained fitter." for i in range(600)])
    server = Server("127.0.0.1", 0, Settings(data_dir=tmp_path / "data"), log_level="warning")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        with httpx.Client(base_url=server.url, timeout=300) as cl:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if cl.get("/api/health").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline
                time.sleep(0.05)

            def send(path):
                r = cl.post("/api/documents", data={"trust": "reference"},
                            files=[("file", (path.name, path.read_bytes(), "application/pdf"))])
                assert r.status_code == 202, r.text
                return r.json()["uploads"][0]["upload_id"]

            def status(upload_id):
                ups = {u["upload_id"]: u for u in cl.get("/api/documents").json()["uploads"]}
                return ups[upload_id]["status"]

            question = {"question": "At what pressure does the B-12 relief valve open?"}
            first = send(small)
            while status(first) not in ("ready", "failed"):
                time.sleep(0.05)
            assert status(first) == "ready"
            warm = cl.post("/api/ask", json=question)  # the first ask loads the word tables (jieba)
            assert warm.status_code == 200 and "3 bar" in warm.json()["answer"], warm.text

            t0 = time.monotonic()
            second = send(big)
            latencies = []
            while status(second) not in ("ready", "failed"):
                t = time.monotonic()
                r = cl.post("/api/ask", json=question)
                latencies.append(time.monotonic() - t)
                print("ask", round(time.monotonic() - t0, 2), round(latencies[-1], 2), flush=True)
                assert r.status_code == 200 and "3 bar" in r.json()["answer"], r.text
                time.sleep(0.2)
            ingest_s = time.monotonic() - t0
            assert status(second) == "ready"
    finally:
        server.stop()
        thread.join(30)
    print(f"ingest {ingest_s:.1f} s; {len(latencies)} asks meanwhile, slowest {max(latencies):.2f} s")
    # the ingest must last long enough for several asks to fall inside it (its length depends
    # on the machine's load; the asks' count, not a wall time, is what the test needs)
    assert len(latencies) >= 3, (ingest_s, latencies)
    # before: an ask sent during the ingest waited for all of it (4.5 s of a 4.7 s ingest)
    assert max(latencies) < 0.5 * ingest_s, (ingest_s, latencies)
