"""Suite-wide rule: a skipped test proves nothing, so every skip is reported as a failure."""

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        report.outcome = "failed"
        report.longrepr = f"skipped tests are not allowed in this suite: {item.nodeid}"
