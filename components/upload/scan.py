"""Scans on the Upload page: OCR runs in a worker thread, so the page stays responsive while it reads.

A text PDF is processed in the script run (a second or two). A PDF with pages to OCR (`ingest.ocr.pages_to_ocr`,
a fast check) takes Tesseract several seconds a page, so `start_scan` runs `ingest.pipeline.process_file` in a
daemon thread and returns at once; the thread calls no Streamlit function, it only records its progress in
the `ScanJob` (under a lock). The page keeps the job in the upload item (session state), and a fragment polls
it every `POLL_S` seconds, showing the OCR page count on a progress bar, while the rest of the page (other
uploads, their review forms, the sidebar, other pages) keeps working. When the job ends the item becomes
"ready" (the review form) or "failed" with the message, and the page redraws once. Tesseract runs as its own
process per page, so the worker holds no lock other sessions need. Nothing is written by the job: the review
is committed by the reviewer as for any other upload.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field

from neo4j import Driver

from core.errors import ContractGraphError
from ingest.pipeline import Engine, Review, process_file

log = logging.getLogger(__name__)
POLL_S = 1.0


@dataclass
class ScanJob:
    """One scan being read in the background: its progress (latest message and fraction) and its result."""

    pages: int
    future: Future[Review] = field(default_factory=Future)
    steps: list[str] = field(default_factory=list)
    fraction: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def progress(self, message: str, fraction: float) -> None:
        with self.lock:
            self.steps.append(message)
            self.fraction = fraction

    def snapshot(self) -> tuple[str, float]:
        """The latest step and the fraction done."""
        with self.lock:
            return (self.steps[-1] if self.steps else "Starting OCR"), self.fraction

    def all_steps(self) -> list[str]:
        with self.lock:
            return list(self.steps)


def start_scan(data: bytes, name: str, driver: Driver, engine: Engine, pages: int,
               database: str | None = None) -> ScanJob:
    """Process `data` in a worker thread; the job's future holds the Review or the ContractGraphError."""
    job = ScanJob(pages)

    def work() -> None:
        try:
            job.future.set_result(process_file(data, name, driver, engine, progress=job.progress,
                                               database=database))
        except ContractGraphError as e:
            job.future.set_exception(e)
        except Exception as e:  # an unforeseen failure must reach the page, not die silently in the thread
            log.warning("reading the scan %s failed", name, exc_info=True)
            job.future.set_exception(ContractGraphError(f"Reading the scan failed unexpectedly "
                                                        f"({type(e).__name__}: {e})."))

    threading.Thread(target=work, name=f"ocr-{name[:40]}", daemon=True).start()
    return job
