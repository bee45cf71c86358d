// The playground page: every input mirrored in the address's fragment (#l=...&op=...), so a link
// reproduces the view; every answer from catlayout.wasm (api.hpp's requests), shown as the CLI
// prints it. The op selector, each op's operands and their kinds come from the op table.
'use strict';

const $ = (id) => document.getElementById(id);

// Input element id -> its key in the address. Checkboxes are "1" or absent.
const STATE = {
  layout: 'l', tile: 't', print: 'p', 'tv-m': 'm', 'tv-n': 'n',
  op: 'op', 'op-print': 'opp', 'op-json': 'oj', 'op-cute-integers': 'oc', 'op-strict': 'os',
  'check-name': 'cn', 'check-operand': 'co', 'check-layout': 'cl',
  'banks-tv': 'bt', 'banks-mma': 'bm', 'banks-operand': 'bo', 'banks-data': 'bd', 'banks-elem': 'be',
  'banks-vector': 'bv', 'vec-op': 'vo', 'vec-args': 'va',
};
// The vector pane's first view: Triton's SM80 m16n8 accumulator (#ttg.linear's bases) to CuTe.
const VECTOR_EXAMPLE = { op: 'triton.to_layout', args: '[{"in_dims": [["register", [[0, 1], [8, 0]]], ' +
  '["lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]], ["warp", []], ["block", []]], ' +
  '"out_dims": [["dim0", 16], ["dim1", 8]]}]' };
const MAX_OPERANDS = 8;  // op operands a0..a7 in the address

const page = {
  engine: null,
  ops: [],          // the op table's rows with a command (api "ops")
  rows: [],         // every row (api "rows")
  startupMs: null,  // navigation start to the first complete render
  renders: 0,
  vectorExample: VECTOR_EXAMPLE,  // the vector pane's first view, which the browser test runs
};
window.catlayoutPage = page;

function value(el) { return el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value; }
function setValue(el, v) {
  if (el.type === 'checkbox') el.checked = v === '1';
  else el.value = v;
}

function readHash() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

// The view as the address's fragment: the inputs that are set, and the op's operands.
function writeHash() {
  const q = new URLSearchParams();
  for (const [id, key] of Object.entries(STATE)) {
    const v = value($(id));
    if (v !== '') q.set(key, v);
  }
  operandInputs().forEach((el, i) => { if (el.value !== '') q.set(`a${i}`, el.value); });
  const hash = '#' + q.toString();
  if (hash !== location.hash) history.replaceState(null, '', hash);
}

// Shell words of a command line (single and double quotes, no escapes): the op table's examples.
function shellWords(line) {
  const words = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  let m;
  while ((m = re.exec(line)) !== null) words.push(m[1] ?? m[2] ?? m[3]);
  return words;
}

// An example's operands: its words after `catlayout COMMAND`, options and shell syntax dropped.
function exampleOperands(row) {
  const words = shellWords(row.example.split(/\s+#/)[0]);
  const skip = 1 + row.command.split(' ').length;
  const out = [];
  for (const w of words.slice(skip)) {
    if (w === '>' || w === '|' || w === '&&') break;
    if (!w.startsWith('--')) out.push(w);
  }
  return out;
}

// The selected row; an address may name it by its command (compose) or its table name (composition).
function currentRow() {
  const v = $('op').value;
  return page.ops.find((r) => r.name === v || r.command === v) || null;
}
function operandInputs() { return Array.from($('op-args').querySelectorAll('input')); }

// One input per operand position of the row, labelled with the kind the op table says it takes;
// those past min_args are optional.
function buildOperands(row, values) {
  const box = $('op-args');
  box.textContent = '';
  if (!row) return;
  row.takes.forEach((kind, i) => {
    const label = document.createElement('label');
    label.textContent = `${i + 1}: ${kind}${i >= row.min_args ? ' (optional)' : ''} `;
    const input = document.createElement('input');
    input.size = 28;
    input.spellcheck = false;
    input.dataset.kind = kind;
    input.value = values[i] ?? '';
    input.addEventListener('input', scheduleRender);
    label.appendChild(input);
    box.appendChild(label);
  });
  $('op-usage').textContent = 'catlayout ' + row.usage;
  $('op-summary').textContent = row.summary;
  $('op-strict').disabled = !row.strict;
}

function shellQuote(s) { return /^[A-Za-z0-9_.,:\/@=+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`; }

function showAnswer(pre, res, text) {
  pre.classList.toggle('refused', !res.ok);
  pre.textContent = res.ok ? text : res.error;
}

// ---------------------------------------------------------------------------------------------
// The four panes

function renderGrid() {
  const req = { do: 'show', layout: $('layout').value, tile: $('tile').value, print: $('print').value };
  const m = $('tv-m').value.trim(), n = $('tv-n').value.trim();
  if (m !== '' || n !== '') req.tv = [m, n];
  const res = page.engine.call(req);
  $('grid-error').hidden = res.ok;
  $('grid-error').textContent = res.ok ? '' : res.error;
  $('grid-text').textContent = res.ok ? res.text : '';
  $('grid-svg').innerHTML = res.ok ? res.svg : '';  // catlayout's own SVG text (viz/svg.hpp)
}

function renderOp() {
  const row = currentRow();
  if (!row) return;
  const args = operandInputs().map((el) => el.value);
  while (args.length > row.min_args && args[args.length - 1] === '') args.pop();
  const req = {
    do: 'op', op: row.name, args, print: $('op-print').value, json: $('op-json').checked,
    cute_integers: $('op-cute-integers').checked, strict: $('op-strict').checked && row.strict,
  };
  const flags = [req.print && `--print ${req.print}`, req.json && '--json', req.cute_integers && '--cute-integers',
    req.strict && '--strict'].filter(Boolean);
  $('op-command').textContent = ['catlayout', row.command, ...args.map(shellQuote), ...flags].join(' ');
  const res = page.engine.call(req);
  const notes = res.ok ? res.notes.map((n) => `note: ${n}`).join('\n') : '';
  showAnswer($('op-out'), res, res.ok ? res.text + (notes ? '\n' + notes : '') : '');
}

function renderCheck() {
  const name = $('check-name').value.trim(), operand = $('check-operand').value;
  const layout = $('check-layout').value.trim() || $('layout').value;
  const args = [name, operand, layout].filter((x) => x !== '');
  $('check-command').textContent = ['catlayout gpu check', ...args.map(shellQuote)].join(' ');
  const res = page.engine.call({ do: 'check', args });
  showAnswer($('check-out'), res, res.ok ? res.text.replace(/\n$/, '') : '');
  $('check-out').dataset.equal = res.ok && res.equal ? 'true' : 'false';
}

function ratio(got, ideal) {
  if (got <= ideal) return 'conflict-free';
  return got % ideal === 0 ? `${got / ideal}-way` : `${(got / ideal).toFixed(2)}x`;
}

function renderBanks() {
  const tv = $('banks-tv').value.trim(), mma = $('banks-mma').value.trim(), data = $('banks-data').value.trim();
  if ((tv === '' && mma === '') || data === '') {
    $('banks-summary').textContent = 'a TV layout (or a catalogued fragment) and a DATA layout';
    $('banks-summary').classList.remove('refused');
    $('banks-text').textContent = '';
    $('banks-svg').innerHTML = '';
    return;
  }
  const req = { do: 'banks', tv, data, elem_bytes: $('banks-elem').value.trim(), vector: $('banks-vector').value.trim() };
  if (mma !== '') Object.assign(req, { mma, operand: $('banks-operand').value });
  const res = page.engine.call(req);
  let summary = '';
  if (res.ok) {
    const r = res.report, worst = r.accesses[r.worst_access];
    summary = `total: ${r.wavefronts} wavefronts, ideal ${r.ideal}; worst access ${ratio(worst.wavefronts, worst.ideal)}`;
  }
  showAnswer($('banks-summary'), res, summary);
  $('banks-text').textContent = res.ok ? res.text : '';
  $('banks-svg').innerHTML = res.ok ? res.svg : '';
}

// Any row on JSON arguments, answered as `catlayout conformance serve` answers a case.
function renderVector() {
  const row = page.rows.find((r) => r.name === $('vec-op').value);
  if (!row) return;
  $('vec-arity').textContent = row.min_args === row.max_args ? `${row.min_args} argument(s)`
    : `${row.min_args} to ${row.max_args} arguments`;
  let args;
  try {
    args = JSON.parse($('vec-args').value);
  } catch (e) {
    showAnswer($('vec-out'), { ok: false, error: `invalid_input: args is not JSON: ${e.message}` }, '');
    return;
  }
  const res = page.engine.call({ do: 'case', line: JSON.stringify({ id: 'page', op: row.name, args }) });
  if (!res.ok) return showAnswer($('vec-out'), res, '');
  const answer = JSON.parse(res.answer);
  const refused = 'error' in answer;
  showAnswer($('vec-out'), refused ? { ok: false, error: answer.error } : res,
    refused ? '' : JSON.stringify(answer.result));
}

function render() {
  writeHash();
  for (const pane of [renderGrid, renderOp, renderVector, renderCheck, renderBanks]) {
    try {
      pane();
    } catch (e) {  // a bug of the page, not a refusal: say so where the answer would be
      console.error(e);
      $('status').textContent = `page error: ${e.message}`;
    }
  }
  page.renders++;
}

let timer = null;
function scheduleRender() {
  clearTimeout(timer);
  timer = setTimeout(render, 120);
}

// The whole view from the address (the page's start, and a pasted link).
function loadHash() {
  const q = readHash();
  if (!q.has('vo')) {
    $('vec-op').value = VECTOR_EXAMPLE.op;
    $('vec-args').value = VECTOR_EXAMPLE.args;
  }
  for (const [id, key] of Object.entries(STATE)) if (q.has(key)) setValue($(id), q.get(key));
  const named = q.get('op');
  const byCommand = named && page.ops.find((r) => r.command === named);
  if (byCommand) $('op').value = byCommand.name;
  let row = currentRow();
  if (!row) {
    $('op').value = 'compose';
    row = currentRow();
  }
  const values = [];
  for (let i = 0; i < MAX_OPERANDS; i++) if (q.has(`a${i}`)) values[i] = q.get(`a${i}`);
  buildOperands(row, values.length || q.has('op') ? values : exampleOperands(row));
}

function addOption(list, value, text) {
  const o = document.createElement('option');
  o.value = value;
  if (text !== undefined) o.textContent = text;
  list.appendChild(o);
}

async function start() {
  try {
    page.engine = await loadCatlayout('catlayout.wasm');
  } catch (e) {
    $('status').textContent = `the engines did not load: ${e.message}`;
    $('status').classList.add('failed');
    throw e;
  }
  page.ops = page.engine.call({ do: 'ops' }).ops;
  for (const row of page.ops) addOption($('op'), row.name, row.command);
  page.rows = page.engine.call({ do: 'rows' }).rows;
  for (const row of page.rows) addOption($('vec-op'), row.name, row.name);
  const frags = page.engine.call({ do: 'fragments' });
  for (const name of [...frags.instructions.map((i) => i.name), ...frags.atoms]) addOption($('check-names'), name);
  loadHash();
  for (const id of Object.keys(STATE)) {
    const el = $(id);
    el.addEventListener(el.tagName === 'SELECT' || el.type === 'checkbox' ? 'change' : 'input', scheduleRender);
  }
  $('op').addEventListener('change', () => {
    const row = currentRow();
    buildOperands(row, exampleOperands(row));
  });
  window.addEventListener('hashchange', () => {
    loadHash();
    render();
  });
  render();
  page.startupMs = Math.round(performance.now());
  $('status').textContent = `ready: ${page.ops.length} commands and ${page.rows.length} rows of the op table, ` +
    `${frags.instructions.length} instructions and ${frags.atoms.length} atoms in the catalogue ` +
    `(started in ${page.startupMs} ms)`;
}

page.ready = start();
