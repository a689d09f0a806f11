"""The engine client: one engine process, spoken to over its standard input and output
as a UCI graphical interface does. Its calls block; the server runs them in worker
threads, one request of a game at a time."""

import json
import queue
import re
import subprocess
import threading
import time

from . import limits
from .errors import EngineDead, EngineRefused


class Engine:
    """One engine process and a thread that collects its output lines."""

    def __init__(self, path):
        self.path = path
        try:
            self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                         encoding="utf-8", errors="replace",
                                         start_new_session=True)
        except OSError as err:
            raise EngineDead(f"cannot start the engine {path}: {err.strerror}") from err
        self.lines = queue.Queue()
        self.write_lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for line in self.proc.stdout:
                self.lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError, RuntimeError):
            pass  # the pipe was closed under the reader: the engine was ended
        self.lines.put(None)

    def alive(self):
        return self.proc.poll() is None

    def death(self):
        code = self.proc.poll()
        if code is None:
            return "the engine stopped answering"
        if code < 0:
            return f"the engine was killed by signal {-code}"
        return f"the engine exited with code {code}"

    def send(self, command):
        with self.write_lock:
            try:
                self.proc.stdin.write(command + "\n")
                self.proc.stdin.flush()
            except (OSError, ValueError) as err:
                raise EngineDead(self.death()) from err

    def read(self, deadline, patient=False):
        """The next line; past the deadline the engine is ended as dead, or, when the
        caller is patient, TimeoutError lets it decide."""
        wait = deadline - time.monotonic()
        try:
            line = self.lines.get(timeout=max(wait, 0.001))
        except queue.Empty:
            if patient:
                raise TimeoutError from None
            self.kill()
            raise EngineDead("the engine stopped answering") from None
        if line is None:
            self.lines.put(None)  # every later read sees the end too
            self.proc.wait()
            raise EngineDead(self.death())
        return line

    def drain(self):
        """Drops lines left from earlier commands (a stopped search's info lines)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)
                return

    def until(self, last, timeout=None, patient=False, on_line=None):
        """Reads lines up to the one starting with `last`; returns those before it, each
        also handed to on_line as it arrives."""
        deadline = time.monotonic() + (limits.REPLY_TIMEOUT if timeout is None else timeout)
        seen = []
        while True:
            line = self.read(deadline, patient)
            if line == last or line.startswith(last + " "):
                return seen, line
            seen.append(line)
            if on_line is not None:
                on_line(line)

    def command(self, command):
        """Sends a command and waits for `readyok`; an error line raises EngineRefused."""
        self.drain()
        self.send(command)
        self.send("isready")
        lines, _ = self.until("readyok")
        for line in lines:
            if line.startswith("info string error"):
                raise EngineRefused(line[len("info string "):])
        return lines

    def describe(self, history):
        """The engine's description of the position reached by `history` from the start
        position last set. Right after a search has reported its move, the engine may
        still be finishing it and answer `json` about the position before a `position`
        command it has queued; so the description is asked for again until it is of the
        moves given."""
        deadline = time.monotonic() + limits.REPLY_TIMEOUT
        while True:
            position = self.described()
            if position.get("history") == history:
                return position
            if time.monotonic() > deadline:
                raise EngineRefused("the engine describes another position than the one it "
                                    "was given")
            time.sleep(0.002)

    def described(self):
        lines = self.command("json")
        for line in lines:
            if line.startswith("{"):
                try:
                    return json.loads(line)
                except ValueError:
                    break
        raise EngineRefused("the engine gave no JSON description of the position "
                            "(it needs the `json` command)")

    def kill(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            except (OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except (OSError, ValueError):
                pass


def parse_options(lines):
    """The `option name ... type ...` lines of a `uci` reply, as a dict by name."""
    options = {}
    for line in lines:
        found = re.match(r"option name (.+?) type (\S+)(.*)$", line)
        if not found:
            continue
        name, kind, rest = found.groups()
        option = {"type": kind}
        words = rest.split()
        for key, value in zip(words[::2], words[1::2]):
            if key == "var":
                option.setdefault("vars", []).append(value)
            elif key in ("min", "max"):
                option[key] = int(value) if re.fullmatch(r"-?\d+", value) else value
            else:
                option[key] = value
        options[name] = option
    return options
