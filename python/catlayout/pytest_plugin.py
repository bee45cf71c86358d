"""catlayout's pytest plugin (the pytest11 entry point "catlayout"): at the end of a run, the
per-class counts of the conformance cases that tests decorated with
catlayout.conformance.suite ran, one row per op."""


def pytest_terminal_summary(terminalreporter):
    from . import conformance

    lines = conformance.summary_lines()
    if not lines:
        return
    terminalreporter.write_sep("=", "catlayout conformance: classes of the answers")
    for line in lines:
        terminalreporter.write_line(line)
