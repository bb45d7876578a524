#!/usr/bin/env python3
"""shoal-sim-rewrite IN.cu OUT.cu: the sim platform's view of a CUDA source
that launches kernels CUDA's way (shoal_add_cuda_sources(<target> SIM_REWRITE
...), docs/sim.md):

  - `kernel<<<grid, block[, smem[, stream]]>>>(args)` becomes
    `::shoal::launch(kernel, grid, block, smem, stream, args)`;
  - `extern __shared__ T name[];` becomes the block's dynamic shared
    memory (SHOAL_DYNAMIC_SMEM);
  - after the body of every non-template `__global__` function,
    `SHOAL_SIM_REGISTER_KERNEL(name);` registers it, so that launches from its
    address and a void** of argument pointers (cudaLaunchKernel,
    cudaLaunchCooperativeKernel, nvshmemx_collective_launch((const void*)k,
    ...)) work on sim too;
  - a template `__global__` function named with its arguments, `k<true>` or
    `&k<T>` (not called, not launched with <<<>>>), becomes
    `::shoal::sim::kernel_ref<k<true>>("k<true>")`: the same pointer, and
    that instantiation registered when the expression first runs.

Lines keep their numbers (`#line` points diagnostics at IN). Comments,
string and character literals and preprocessor lines are left alone.
"""
import os
import re
import sys

IDENT = re.compile(r'[A-Za-z_]\w*')


def mask(text):
    """The text with comments, literals and preprocessor lines blanked (same
    length, newlines kept), so searches see code only."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in ' \t':
            i += 1
            continue
        if line_start and c == '#':  # a preprocessor line, with its continuations
            while i < n and text[i] != '\n':
                if text[i] == '\\' and i + 1 < n and text[i + 1] == '\n':
                    out[i] = ' '
                    i += 2
                    continue
                out[i] = ' '
                i += 1
            continue
        line_start = c == '\n'
        if text.startswith('//', i):
            while i < n and text[i] != '\n':
                out[i] = ' '
                i += 1
            continue
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != '\n':
                    out[k] = ' '
            i = j
            continue
        if c == 'R' and text.startswith('R"', i):  # raw string
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if m:
                end = text.find(')' + m.group(1) + '"', i)
                end = n if end < 0 else end + len(m.group(1)) + 2
                for k in range(i, end):
                    if out[k] != '\n':
                        out[k] = ' '
                i = end
                continue
        if c in '"\'':
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            for k in range(i, min(j + 1, n)):
                out[k] = ' '
            i = j + 1
            continue
        i += 1
    return ''.join(out)


def match_forward(m, i, open_c, close_c):
    """Index of the bracket closing the one at m[i]."""
    depth = 0
    for j in range(i, len(m)):
        if m[j] == open_c:
            depth += 1
        elif m[j] == close_c:
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(f'unbalanced {open_c}{close_c}')


def match_backward(m, i, open_c, close_c):
    """Index of the bracket opening the one that closes at m[i] (or -1)."""
    depth = 0
    while i >= 0:
        if m[i] == close_c:
            depth += 1
        elif m[i] == open_c:
            depth -= 1
            if depth == 0:
                return i
        i -= 1
    return i


def split_top(s):
    """Split at commas outside (), [], {} and template angle brackets."""
    parts, depth, cur = [], 0, ''
    for ch in s:
        if ch in '([{':
            depth += 1
        elif ch in ')]}':
            depth -= 1
        if ch == ',' and depth == 0:
            parts.append(cur)
            cur = ''
        else:
            cur += ch
    parts.append(cur)
    return parts


def callee_start(m, end):
    """Start of the postfix expression that ends just before index `end`."""
    i = end - 1
    while i >= 0 and m[i].isspace():
        i -= 1
    while i >= 0:
        if m[i] == '>':  # template arguments
            i = match_backward(m, i, '<', '>') - 1
            while i >= 0 and m[i].isspace():
                i -= 1
            continue
        if m[i] == ')':
            i = match_backward(m, i, '(', ')')
            start = i
            i -= 1
        elif m[i].isalnum() or m[i] == '_':
            while i >= 0 and (m[i].isalnum() or m[i] == '_'):
                i -= 1
            start = i + 1
        else:
            break
        j = i
        while j >= 0 and m[j].isspace():
            j -= 1
        if j >= 1 and m[j - 1:j + 1] in ('::', '->'):
            i = j - 2
        elif j >= 0 and m[j] == '.':
            i = j - 1
        else:
            return start
        while i >= 0 and m[i].isspace():
            i -= 1
    return i + 1


def launches(text, m):
    edits = []
    pos = 0
    while True:
        at = m.find('<<<', pos)
        if at < 0:
            return edits
        close = m.find('>>>', at + 3)
        # the first >>> outside parentheses
        while close >= 0:
            inner = m[at + 3:close]
            if inner.count('(') == inner.count(')'):
                break
            close = m.find('>>>', close + 1)
        if close < 0:
            raise ValueError(f'line {text.count(chr(10), 0, at) + 1}: <<< without >>>')
        p = close + 3
        while p < len(m) and m[p].isspace():
            p += 1
        if p >= len(m) or m[p] != '(':
            raise ValueError(f'line {text.count(chr(10), 0, at) + 1}: >>> not followed by (arguments)')
        q = match_forward(m, p, '(', ')')
        start = callee_start(m, at)
        callee = text[start:at].strip()
        cfg = [c.strip() for c in split_top(text[at + 3:close])]
        if not 2 <= len(cfg) <= 4:
            raise ValueError(f'line {text.count(chr(10), 0, at) + 1}: <<<...>>> takes 2 to 4 values')
        cfg += ['0'] * (4 - len(cfg))
        args = text[p + 1:q]
        new = f'::shoal::launch({callee}, {cfg[0]}, {cfg[1]}, {cfg[2]}, {cfg[3]}' + \
              (f', {args})' if args.strip() else ')')
        # keep the line count of the replaced text
        new += '\n' * (text.count('\n', start, q + 1) - new.count('\n'))
        edits.append((start, q + 1, new))
        pos = q + 1


def kernels(text, m, templates=None):
    """Registrations after every non-template kernel's body; the names of
    template kernels go to `templates` (a set) when given."""
    edits = []
    for g in re.finditer(r'\b__global__\b', m):
        # a template (anywhere in this declaration) cannot be registered by name
        stmt = max(m.rfind(';', 0, g.start()), m.rfind('}', 0, g.start()), m.rfind('{', 0, g.start()))
        is_template = re.search(r'\btemplate\b', m[stmt + 1:g.start()]) is not None
        i = g.end()
        name = None
        while i < len(m):
            t = IDENT.match(m, i)
            if t:
                word = t.group(0)
                j = t.end()
                while j < len(m) and m[j].isspace():
                    j += 1
                if j < len(m) and m[j] == '(':
                    if word in ('__launch_bounds__', '__attribute__', 'alignas', '__declspec',
                                '__maxnreg__', '__cluster_dims__'):
                        i = match_forward(m, j, '(', ')') + 1
                        continue
                    name = word
                    i = j
                    break
                i = j
                continue
            if m[i] in ';{=':
                break
            i += 1
        if not name:
            continue
        if is_template:
            if templates is not None:
                templates.add(name)
            continue
        close = match_forward(m, i, '(', ')')
        k = close + 1
        while k < len(m) and m[k] not in ';{':
            k += 1
        if k >= len(m) or m[k] == ';':
            continue  # a declaration
        end = match_forward(m, k, '{', '}')
        edits.append((end + 1, end + 1, f' SHOAL_SIM_REGISTER_KERNEL({name});'))
    return edits


def match_angle(m, i):
    """Index of the `>` closing the `<` at m[i] (nested <>, (), [] skipped;
    `>>` closes two levels), or -1 when it is not a template argument list."""
    depth, j = 0, i
    while j < len(m):
        c = m[j]
        if c == '<':
            depth += 1
        elif c == '>':
            depth -= 1
            if depth == 0:
                return j
        elif c in '([':
            j = match_forward(m, j, c, ')' if c == '(' else ']')
        elif c in ';{}':
            return -1
        j += 1
    return -1


def template_refs(text, m, names):
    """`k<args>` / `&k<args>` for a template kernel k, where neither called
    nor launched: -> ::shoal::sim::kernel_ref<k<args>>("k<args>")."""
    edits = []
    for name in sorted(names):
        for r in re.finditer(r'(?<![\w.>:])(?:::\s*)?' + re.escape(name) + r'\s*<', m):
            lt = r.end() - 1
            gt = match_angle(m, lt)
            if gt < 0:
                continue
            k = gt + 1
            while k < len(m) and m[k].isspace():
                k += 1
            if m.startswith('<<<', k) or (k < len(m) and m[k] == '('):
                continue  # a launch (rewritten above) or a call (a declaration, a specialisation)
            if k < len(m) and (m[k].isalnum() or m[k] == '_') or re.search(r'&&|\|\|', m[lt:gt]):
                continue  # `a < b && c > d`: comparisons, not template arguments
            start = r.start()
            b = start - 1
            while b >= 0 and m[b].isspace():
                b -= 1
            if b >= 0 and m[b] == '&' and not (b >= 1 and m[b - 1] == '&'):
                start = b
            ref = re.sub(r'\s+', ' ', text[r.start():gt + 1])
            quoted = ref.replace('\\', '\\\\').replace('"', '\\"')
            new = f'::shoal::sim::kernel_ref<{ref}>("{quoted}")'
            new += '\n' * text.count('\n', start, gt + 1)
            edits.append((start, gt + 1, new))
    return edits


EXTERN_SHARED = re.compile(r'\bextern\s+__shared__\s+(?:__align__\s*\(\s*\d+\s*\)\s+)?'
                           r'((?:(?:const|volatile|unsigned|signed|long|short)\s+)*[A-Za-z_][\w:]*(?:\s*<[^;]*?>)?)'
                           r'\s*(?:__align__\s*\(\s*\d+\s*\)\s*)?([A-Za-z_]\w*)\s*\[\s*\]\s*;')


def dynamic_shared(text, m):
    """`extern __shared__ T name[];` in a function -> the block's dynamic
    shared memory through SHOAL_DYNAMIC_SMEM (the sim has no extern shared
    symbol)."""
    edits = []
    for e in EXTERN_SHARED.finditer(m):
        t, name = text[e.start(1):e.end(1)], e.group(2)
        edits.append((e.start(), e.end(), f'{t}* {name} = SHOAL_DYNAMIC_SMEM({t});'))
    return edits


def rewrite(text, path):
    m = mask(text)
    templates = set()
    edits = launches(text, m) + kernels(text, m, templates) + dynamic_shared(text, m)
    edits = sorted(edits + template_refs(text, m, templates), key=lambda e: e[0], reverse=True)
    for a, b, new in edits:
        text = text[:a] + new + text[b:]
    quoted = path.replace('\\', '\\\\').replace('"', '\\"')
    return f'#include <shoal/launch.h>\n#line 1 "{quoted}"\n' + text


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: shoal-sim-rewrite IN.cu OUT.cu')
    src, dst = sys.argv[1], sys.argv[2]
    text = open(src, encoding='utf-8').read()
    try:
        out = rewrite(text, src)
    except ValueError as e:
        sys.exit(f'{src}: shoal-sim-rewrite: {e}')
    old = None
    try:
        old = open(dst, encoding='utf-8').read()
    except OSError:
        pass
    if old != out:
        os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
        with open(dst, 'w', encoding='utf-8') as f:
            f.write(out)


if __name__ == '__main__':
    main()
