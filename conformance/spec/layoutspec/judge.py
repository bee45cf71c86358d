"""A verdict for one case of catlayout.vectors/1 (conformance/spec/README.md: how the judge decides)."""
import json
from .values import Bad, SAMPLED
from .cute import Pre
from .ops import OPS
from .result import Res
from . import runtime

TAGS = ('cute_wrong', 'cute_precondition', 'cute_crash')

# The error kinds that fit a failing precondition (a mismatch is a warning, not a disagreement).
KINDS = {
    'static_assert': {'inadmissible', 'invalid_input', 'not_complementable', 'not_representable'},
    'assert': {'inadmissible', 'invalid_input'},
    'unchecked': {'inadmissible', 'invalid_input', 'not_complementable', 'not_representable'},
    'input': {'invalid_input', 'not_complementable', 'not_tractable', 'not_refinable', 'inadmissible'},
}


def cute_answer(case):
    """CuTe's answer: the structured member `cute`, else the JSON embedded in `note` after 'returns'."""
    if 'cute' in case:
        return case['cute']
    note = case.get('note', '')
    k = note.find('returns')
    if k < 0:
        return None
    dec = json.JSONDecoder()
    j = note.find('{', k)
    while j >= 0:
        try:
            v, _ = dec.raw_decode(note[j:])
            return v
        except ValueError:
            j = note.find('{', j + 1)
    return None


def definition(op, args):
    """What the definition of `op` says about `args` (Res): failing preconditions, no answer, check."""
    try:
        return OPS[op](args)
    except Pre as e:
        res = Res()
        res.pre.append(e)
    except (Bad, IndexError, TypeError, KeyError, ValueError, ZeroDivisionError, RecursionError) as e:
        res = Res()
        res.pre.append(Pre(f'{op}.pre.input', 'input', f'not a valid argument: {e}'))
    return res


def safe_check(res, op, value):
    """The contracts `value` breaks (a value of another form breaks `<op>.value`)."""
    try:
        return res.check(value)
    except (Bad, IndexError, TypeError, KeyError, ValueError, ZeroDivisionError) as e:
        return [(f'{op}.value', f'not a value of the result form: {e}')]


def judge_answer(op, args, answer):
    """An answer to op(args) (CuTe's, say) against the definitions: (kind, id, why) with kind one of
    'refuses' (a precondition CuTe checks fails: CuTe answers nothing), 'precondition' (only an
    unchecked precondition fails: the answer is for another input), 'breaks' (a contract fails),
    'meets' (every contract holds) or 'undefined' (the op has no definition or check here)."""
    SAMPLED[0] = False
    if op not in OPS:
        return 'undefined', None, f'op {op!r} has no definition here'
    res = definition(op, args)
    checked = [p for p in res.pre if p.how in ('static_assert', 'assert', 'input')]
    unchecked = [p for p in res.pre if p.how == 'unchecked']
    if checked:
        return 'refuses', checked[0].pid, f'{checked[0].pid} fails ({checked[0].how}): {checked[0].msg}'
    if unchecked and (res.check is None or answer is None or safe_check(res, op, answer)):
        return 'precondition', unchecked[0].pid, f'unchecked precondition {unchecked[0].pid} fails: {unchecked[0].msg}'
    if res.check is None:
        return 'undefined', None, (res.noanswer[1] if res.noanswer else 'no check for this op here')
    try:
        broken = res.check(answer)
    except (Bad, IndexError, TypeError, KeyError, ValueError, ZeroDivisionError) as e:
        return 'breaks', f'{op}.value', f'not a value of the result form: {e}'
    if broken:
        return 'breaks', broken[0][0], f'breaks {broken[0][0]}: {broken[0][1]}'
    return 'meets', None, 'meets ' + ', '.join(res.contracts)


def verdict(case, file=''):
    cid, op = case.get('id', '?'), case.get('op')
    out = {'id': cid, 'op': op, 'file': file, 'verdict': None, 'why': '', 'contract': None, 'warnings': []}

    SAMPLED[0] = False
    run_time = False

    def done(v, why, contract=None):
        # A refusal of a case with run-time integers: which conditions CuTe asserts depends on which
        # integers it reads are static (runtime.py adjusts the preconditions by the marks), and so does
        # which of cute_wrong and cute_precondition tags CuTe's wrong answer.
        # (`case` is the unmarked case by then, whose expected layout is a dict too: only an error counts)
        expect = case.get('expect')
        if run_time and v == 'disagree' and isinstance(expect, dict) and set(expect) == {'error'}:
            if why.startswith('the tag should be cute_precondition'):
                v, why = 'agree', 'CuTe\'s run-time answer is not the function (an unchecked condition): ' + why
        out.update(verdict=v, why=why, contract=contract)
        if SAMPLED[0]:
            out['warnings'].append('checked on a sample of indices (size above 2^16)')
        return out
    if op not in OPS:
        return done('not_covered', f'op {op!r} has no definition here')
    # A case in CuTe's print with its marks (runtime.py): judged unmarked, as the marks say.
    marked, values = runtime.is_marked(case), []
    if marked:
        try:
            case, run_time, values = runtime.unmarked(case)
        except (ValueError, IndexError) as e:
            return done('disagree', f'an argument or answer is not a CuTe print: {e}')
    expect, tags = case.get('expect'), [t for t in case.get('tags', []) if t in TAGS]
    res = definition(op, case.get('args', []))
    if marked:
        res = runtime.adjust(res, op, values, run_time, case.get('args', []))
    pres = res.pre
    checked = [p for p in pres if p.how in ('static_assert', 'assert', 'input')]
    unchecked = [p for p in pres if p.how == 'unchecked']
    is_error = isinstance(expect, dict) and set(expect) == {'error'}

    def run_check(value):
        try:
            return res.check(value)
        except (Bad, IndexError, TypeError, KeyError, ValueError, ZeroDivisionError) as e:
            return [(f'{op}.value', f'not a value of the result form: {e}')]

    if not is_error:
        if 'cute_wrong' in tags or 'cute_precondition' in tags or 'cute_crash' in tags:
            out['warnings'].append(f'tags {tags} on a case that expects a value')
        if res.check is None:
            if pres:
                return done('disagree', f'expects a value, but precondition {pres[0].pid} fails '
                                        f'({pres[0].how}): {pres[0].msg}', pres[0].pid)
            if res.noanswer:
                return done('disagree', f'expects a value, but the definition has no answer: {res.noanswer[1]}',
                            res.noanswer[0])
            return done('not_covered', 'no check for this value form')
        broken = run_check(expect)
        if checked:
            out['warnings'].append(f'CuTe refuses here ({checked[0].pid}: {checked[0].msg}) yet a value is expected')
        if broken:
            more = ''
            if res.strict:
                sb = res.strict(expect)
                more = '' if sb else f'; it meets the stricter reading ({ strict_id(res) })'
            return done('disagree', f'expect breaks {broken[0][0]}: {broken[0][1]}{more}', broken[0][0])
        for p in unchecked:
            out['warnings'].append(f'unchecked precondition {p.pid} fails ({p.msg}); the value meets the contracts')
        if res.strict:
            sb = res.strict(expect)
            if sb:
                out['warnings'].append(f'expect breaks the stricter reading {sb[0][0]}: {sb[0][1]}')
        if 'cute_wrong' in tags:
            cute = cute_answer(case)
            if cute is None:
                return done('not_covered', 'CuTe\'s answer is not recorded (no `cute` member, none in `note`)')
            cute_broken = run_check(cute)
            if not cute_broken:
                return done('disagree', 'expect meets the contracts, but the tag cute_wrong is wrong: CuTe\'s answer '
                                        f'{json.dumps(cute)[:120]} meets {", ".join(res.contracts)} too',
                            res.contracts[0])
            return done('agree', f'expect meets {", ".join(res.contracts)}; CuTe\'s answer breaks '
                                 f'{cute_broken[0][0]}: {cute_broken[0][1]}', cute_broken[0][0])
        return done('agree', 'expect meets ' + ', '.join(res.contracts))

    kind = expect['error']
    for p in pres:
        if kind not in KINDS[p.how]:
            out['warnings'].append(f'error kind {kind} for precondition {p.pid} ({p.how})')

    if 'cute_wrong' in tags:
        if checked:
            return done('disagree', f'CuTe refuses here ({checked[0].pid}, {checked[0].how}: {checked[0].msg}); '
                                    'it returns no value', checked[0].pid)
        if unchecked:
            return done('disagree', f'the tag should be cute_precondition: {unchecked[0].pid} fails: {unchecked[0].msg}',
                        unchecked[0].pid)
        cute = cute_answer(case)
        if cute is None and res.noanswer:
            return done('agree', f'the definition has no answer ({res.noanswer[1]}), so CuTe\'s answer (not '
                                 f'recorded) breaks {res.noanswer[0]}', res.noanswer[0])
        computed = cute is None and res.cute is not None
        cute = res.cute if computed else cute
        if cute is None:
            return done('not_covered', 'CuTe\'s answer is not recorded (no `cute` member, none in `note`)')
        if res.check is None:
            return done('not_covered', 'no contract check for this op here')
        broken = run_check(cute)
        if broken:
            return done('agree', f'CuTe\'s answer{" (not recorded; by its header, " + json.dumps(cute)[:80] + ")" if computed else ""}'
                                 f' breaks {broken[0][0]}: {broken[0][1]}', broken[0][0])
        strict = res.strict(cute) if res.strict else []
        extra = f' (it breaks only the stricter reading {strict[0][0]}: {strict[0][1]})' if strict else ''
        return done('disagree', f'the tag is wrong: CuTe\'s answer meets {", ".join(res.contracts)}{extra}',
                    res.contracts[0] if res.contracts else None)

    if 'cute_precondition' in tags:
        if checked:  # CuTe does not compile it (or refuses the input): it returns no value at all
            return done('disagree', f'CuTe checks the failing precondition {checked[0].pid} ({checked[0].how}: '
                                    f'{checked[0].msg}): it returns no value', checked[0].pid)
        if unchecked:
            cute = cute_answer(case)
            if cute is not None and res.check is not None and not run_check(cute):
                return done('disagree', f'unchecked precondition {unchecked[0].pid} fails, but CuTe\'s answer '
                                        f'{json.dumps(cute)[:120]} meets {", ".join(res.contracts)} all the same: '
                                        'it is the answer', unchecked[0].pid)
            return done('agree', f'unchecked precondition {unchecked[0].pid} fails: {unchecked[0].msg}', unchecked[0].pid)
        return done('disagree', 'no documented precondition fails here', None)

    if 'cute_crash' in tags:
        if checked:  # a static_assert stops CuTe before anything runs
            return done('disagree', f'CuTe checks the failing precondition {checked[0].pid} ({checked[0].how}: '
                                    f'{checked[0].msg}): it does not run to crash', checked[0].pid)
        if pres:
            return done('agree', f'precondition {pres[0].pid} fails ({pres[0].how}): {pres[0].msg}', pres[0].pid)
        return done('disagree', 'no precondition fails: CuTe should not crash here', None)

    if checked:
        return done('agree', f'precondition {checked[0].pid} fails ({checked[0].how}): {checked[0].msg}', checked[0].pid)
    if res.noanswer:
        return done('agree', f'the definition has no answer: {res.noanswer[1]}', res.noanswer[0])
    if unchecked:
        return done('disagree', f'untagged refusal, but CuTe checks nothing here: only the unchecked precondition '
                                f'{unchecked[0].pid} fails ({unchecked[0].msg}): tag cute_precondition',
                    unchecked[0].pid)
    if getattr(res, 'covered_noanswer', True) is False or res.check is None:
        return done('not_covered', 'cannot decide whether the definition has an answer here')
    return done('disagree', 'refusal, but every precondition holds and the definition has an answer', None)


def strict_id(res):
    return {'nullspace': 'nullspace.strict'}.get(res.contracts[0].split('.')[0], 'strict')
