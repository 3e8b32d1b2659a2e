#!/usr/bin/env python3
"""A local SMTP sink for the mail-out tests: listens on 127.0.0.1 (a free port, written to
PORT_FILE), stores every message it receives as DIR/NNN.eml with the envelope recipients in
DIR/NNN.rcpt, and stops by itself after SECONDS (bounded, for CI).

  smtp_sink.py DIR PORT_FILE SECONDS [--refuse]   (--refuse: answer every message 550)
"""
import os
import socket
import sys
import time

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder, refuse):
        self.folder = folder
        self.refuse = refuse
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return '550 5.7.1 refused by the test sink'
        self.count += 1
        base = os.path.join(self.folder, f"{self.count:03d}")
        with open(base + '.eml.tmp', 'wb') as f:
            f.write(envelope.original_content)
        with open(base + '.rcpt', 'w') as f:
            f.write('\n'.join(envelope.rcpt_tos) + '\n')
        os.rename(base + '.eml.tmp', base + '.eml')
        return '250 2.0.0 stored'


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def main():
    folder, port_file, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    refuse = '--refuse' in sys.argv[4:]
    os.makedirs(folder, exist_ok=True)
    port = free_port()
    controller = Controller(Sink(folder, refuse), hostname='127.0.0.1', port=port)
    controller.start()
    with open(port_file + '.tmp', 'w') as f:
        f.write(str(port))
    os.rename(port_file + '.tmp', port_file)
    try:
        time.sleep(seconds)
    finally:
        controller.stop()


if __name__ == '__main__':
    main()
