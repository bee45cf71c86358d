// The few WASI (preview 1) calls the catlayout module makes, for a page with no server: stdout and
// stderr to the console, the clocks, random bytes, an empty environment and argument list. Every
// other call answers ENOSYS; the engines open no files.
// https://github.com/WebAssembly/WASI/blob/main/legacy/preview1/docs.md
'use strict';

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_NOSYS = 52;

class ProcExit extends Error {
  constructor(code) {
    super(`the module exited with status ${code}`);
    this.code = code;
  }
}

function makeWasi(getMemory) {
  const view = () => new DataView(getMemory().buffer);
  const bytes = () => new Uint8Array(getMemory().buffer);
  const decoder = new TextDecoder();
  const pending = { 1: '', 2: '' };  // partial lines of stdout and stderr

  const calls = {
    fd_write(fd, iovs, iovsLen, nwritten) {
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      const v = view();
      let total = 0;
      let text = '';
      for (let i = 0; i < iovsLen; i++) {
        const ptr = v.getUint32(iovs + 8 * i, true);
        const len = v.getUint32(iovs + 8 * i + 4, true);
        text += decoder.decode(bytes().subarray(ptr, ptr + len));
        total += len;
      }
      const lines = (pending[fd] + text).split('\n');
      pending[fd] = lines.pop();
      for (const line of lines) (fd === 1 ? console.log : console.warn)(line);
      v.setUint32(nwritten, total, true);
      return ERRNO_SUCCESS;
    },
    clock_time_get(id, precision, out) {
      // realtime (0) from the epoch, the others from the page's start; nanoseconds as a u64.
      const ms = id === 0 ? Date.now() : performance.now();
      view().setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
      return ERRNO_SUCCESS;
    },
    clock_res_get(id, out) {
      view().setBigUint64(out, 1000n, true);
      return ERRNO_SUCCESS;
    },
    random_get(buf, len) {
      crypto.getRandomValues(bytes().subarray(buf, buf + len));
      return ERRNO_SUCCESS;
    },
    environ_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ERRNO_SUCCESS;
    },
    environ_get() { return ERRNO_SUCCESS; },
    args_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ERRNO_SUCCESS;
    },
    args_get() { return ERRNO_SUCCESS; },
    proc_exit(code) { throw new ProcExit(code); },
    sched_yield() { return ERRNO_SUCCESS; },
  };
  // Any other preview-1 import the linker kept: ENOSYS (no files, no sockets).
  return new Proxy(calls, {
    get(target, name) { return name in target ? target[name] : () => ERRNO_NOSYS; },
  });
}

// The module instantiated (a WASI reactor: _initialize runs its constructors once) and its one
// entry: a request object in, the response object out (playground/include/.../api.hpp).
async function loadCatlayout(url) {
  let memory = null;
  const wasi = makeWasi(() => memory);
  const response = await fetch(url);
  const { instance } = await WebAssembly.instantiateStreaming(response, { wasi_snapshot_preview1: wasi });
  const ex = instance.exports;
  memory = ex.memory;
  ex._initialize();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const callText = (text) => {
    const req = encoder.encode(text);
    const ptr = ex.cl_alloc(req.length || 1);
    new Uint8Array(memory.buffer).set(req, ptr);
    const out = ex.cl_handle(ptr, req.length);
    ex.cl_free(ptr);
    const size = ex.cl_answer_size();
    return decoder.decode(new Uint8Array(memory.buffer, out, size).slice());
  };
  return { callText, call: (request) => JSON.parse(callText(JSON.stringify(request))) };
}
