#!/usr/bin/env python3
"""Parses mail files with Python's own MIME parser and prints what the tests check.

  mime_check.py summary FILE...    one line per file: To | Subject | content types of the parts
  mime_check.py part FILE TYPE     the decoded text of the first part of that content type
  mime_check.py header FILE NAME   a header's value
  mime_check.py sig FILE...        one line per file, sorted: To | Subject | In-Reply-To |
                                   Message-ID (what tells one mail from another)
"""
import sys
from email import policy
from email.parser import BytesParser


def load(path):
    with open(path, 'rb') as f:
        return BytesParser(policy=policy.default).parse(f)


def main():
    cmd = sys.argv[1]
    if cmd == 'summary':
        for path in sys.argv[2:]:
            m = load(path)
            types = ','.join(p.get_content_type() for p in m.walk())
            print(f"{m['To']} | {m['Subject']} | {types}")
    elif cmd == 'part':
        m = load(sys.argv[2])
        for p in m.walk():
            if p.get_content_type() == sys.argv[3]:
                sys.stdout.write(p.get_content() if p.get_content_maintype() == 'text'
                                 else p.get_payload(decode=True).decode('utf-8'))
                return 0
        print(f"no {sys.argv[3]} part", file=sys.stderr)
        return 1
    elif cmd == 'sig':
        lines = []
        for path in sys.argv[2:]:
            m = load(path)
            lines.append(f"{m['To']} | {m['Subject']} | {m['In-Reply-To']} | {m['Message-ID']}")
        for line in sorted(lines):
            print(line)
    elif cmd == 'header':
        m = load(sys.argv[2])
        v = m[sys.argv[3]]
        if v is None:
            return 1
        print(v)
    return 0


if __name__ == '__main__':
    sys.exit(main())
