"""The ways a request can fail."""


class ApiError(Exception):
    """A request the server refuses; becomes {"error": message, **extra} with the status."""

    def __init__(self, status, message, **extra):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


class EngineDead(Exception):
    """The engine process exited or stopped answering."""


class EngineRefused(Exception):
    """The engine answered a command with `info string error: ...`."""
