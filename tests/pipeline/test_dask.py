"""Rendering on a Dask cluster (two local worker processes): the files of a local render, a killed worker's
job run again, an unreachable scheduler refused in one line."""

import json
import os
import signal
import sys
import time

import pytest
from distributed import Client, LocalCluster

from scenes.chapters import registry
from tests.support.processes import run_driver, start_driver, wait_for
from tests.support.tiny_scene import ROOT

CHAPTERS = ("Tiny", "Coda", "Themed")
SLOW_SECONDS = 3.0  # Slow's length here: long enough to kill its worker part-way


@pytest.fixture(scope="module")
def cluster(module_lecture, module_patch, tmp_path_factory):
    """Two single-threaded worker processes that can import the tiny chapters; the folder Slow signals in."""
    rendezvous = tmp_path_factory.mktemp("rendezvous")
    module_patch.setenv("PYTHONPATH", os.pathsep.join([str(module_lecture.folder.parent), str(ROOT)]))
    module_patch.setenv("TINY_RENDEZVOUS", str(rendezvous))
    module_patch.setenv("TINY_SLOW_SECONDS", str(SLOW_SECONDS))
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as local:
        yield local, rendezvous


def _files(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix in (".mp4", ".png", ".srt", ".vtt")}


def _entries(out):
    """The manifest's entries without the render times (which differ from run to run) and the beat records'
    sizes (which hold them)."""
    entries = json.loads((out / "480p15" / "manifest.json").read_text())["entries"]
    for entry in entries.values():
        entry["files"] = {k: v for k, v in entry["files"].items() if not k.endswith(".beats.json")}
        for beat in entry.get("beats") or ():
            del beat["seconds"]
    return entries


def test_a_cluster_render_writes_the_files_a_local_render_writes(
    cluster, module_lecture, module_patch, run, tmp_path
):
    module_patch.setattr(registry, "CHAPTERS", module_lecture.chapters(*CHAPTERS))
    local, remote = tmp_path / "local", tmp_path / "remote"
    assert run("render", "--output", local).exit_code == 0
    result = run(
        "render", "--executor", "dask", "--scheduler", cluster[0].scheduler_address, "--output", remote
    )
    assert result.exit_code == 0, result.output
    assert "3 rendered, 0 up to date, 0 failed" in result.output
    mine, theirs = _files(local / "480p15"), _files(remote / "480p15")
    assert sorted(mine) == sorted(theirs) and len(mine) > 3 * 2
    assert [n for n in mine if mine[n] != theirs[n]] == [], "a file differs from the local render's"
    assert _entries(remote) == _entries(local)  # the same inputs, files and sizes recorded
    assert not list((remote / "480p15").glob(".*.tmp-*")) and not (remote / ".work").exists()
    again = run(
        "render", "--executor", "dask", "--scheduler", cluster[0].scheduler_address, "--output", remote
    )
    assert "0 rendered, 3 up to date" in again.output


def test_a_job_whose_worker_is_killed_is_run_again_on_a_worker(cluster, module_lecture, tmp_path):
    local, rendezvous = cluster
    driver = module_lecture.driver("Slow")
    started = rendezvous / "Slow-rendering"
    started.unlink(missing_ok=True)
    out = tmp_path / "out"
    render = start_driver(
        driver, "render", "--executor", "dask", "--scheduler", local.scheduler_address, "--output", out
    )
    with Client(local.scheduler_address) as client:
        wait_for(started.exists, "Slow to start on a worker")
        busy = [address for address, keys in client.processing().items() if keys]
        pid = client.run(os.getpid, workers=busy)[busy[0]]
        os.kill(pid, signal.SIGKILL)
        started.unlink()
        stdout, stderr = render.communicate(timeout=90)
    assert render.returncode == 0, stdout + stderr
    assert "1 rendered, 0 up to date, 0 failed" in stdout
    assert started.exists()  # Slow made frames again after the kill: its job was run a second time
    assert (out / "480p15" / "01-Slow.mp4").is_file()


def test_an_unreachable_scheduler_is_one_line_and_status_2_with_nothing_written(module_lecture, tmp_path):
    driver, out = module_lecture.driver(), tmp_path / "out"
    began = time.monotonic()
    result = run_driver(
        driver, "render", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9", "--output", out, status=2
    )
    assert time.monotonic() - began < 30
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert not out.exists()


def test_a_machine_without_dask_is_told_to_install_the_cluster_extra(
    run, tiny_chapters, tmp_path, monkeypatch
):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    out = tmp_path / "out"
    result = run("render", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9", "--output", out)
    assert result.exit_code == 2
    assert result.output == (
        "Error: Dask is not installed (the cluster extra: .venv/bin/pip install -e '.[cluster]'), "
        "so no cluster at tcp://127.0.0.1:9 is used\n"
    )
    assert not out.exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (("--scheduler", "tcp://127.0.0.1:9"), "--executor dask and --scheduler ADDRESS go together"),
        (("--executor", "dask"), "--executor dask and --scheduler ADDRESS go together"),
        (("--executor", "dask", "--scheduler", "tcp://x:1", "--jobs", "2"), "--jobs has no effect"),
    ],
)
def test_executor_options_that_do_not_go_together_are_refused(run, tiny_chapters, tmp_path, args, message):
    result = run("render", *args, "--output", tmp_path / "out")
    assert result.exit_code == 2 and message in result.output
    assert not (tmp_path / "out").exists()
