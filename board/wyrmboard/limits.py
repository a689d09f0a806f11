"""Every limit of the board server in one place. The other modules read them as
`limits.NAME` when they need them, so a test can change one for a while."""

# Requests -------------------------------------------------------------------------------
MAX_BODY = 256 * 1024         # bytes of a request body (a long game's `position` command)
MAX_LINE = 65536              # bytes of the request line or of one header line
MAX_HEAD = 65536              # bytes of the request line and headers together
MAX_HEADERS = 100             # header lines of one request
MAX_COMMAND = 240 * 1024      # characters of one command for an engine
POLL_WAIT = 2.0               # seconds a read of a search's lines may wait for a new one
LINES_GATHER = 0.1            # seconds it then waits for more, unless the search ends
MAX_COMMANDS = 4              # commands sent together in one request

# Connections: deadlines that bytes do not reset, and caps on how many -------------------
IDLE_TIMEOUT = 30.0           # seconds a connection may wait before a request's first byte
HEADER_TIMEOUT = 10.0         # seconds from a request's first byte to the end of its headers
BODY_TIMEOUT = 10.0           # seconds to receive the whole body once the headers are in
WRITE_TIMEOUT = 10.0          # seconds a client may take to accept a reply
CONNECTIONS = 4096            # open connections, all clients together
CLIENT_CONNECTIONS = 64       # open connections of one client address
FD_RESERVE = 256              # file descriptors kept for engines, files and the listener

# The engine -----------------------------------------------------------------------------
REPLY_TIMEOUT = 10.0          # seconds the engine may take to answer a non-search command
MOVETIME_RANGE = (10, 600000)  # ms
DEPTH_RANGE = (1, 64)
SEARCH_LIMIT = 900.0          # seconds any search may run before the server stops it
CLOCK_RANGE = (0, 100 * 3600 * 1000)  # ms on a clock, and of an increment
MOVESTOGO_RANGE = (1, 10000)
CLOCK_GRACE = 1.0             # seconds past the mover's clock before a search is stopped
MAX_SEARCH_LINES = 1000       # lines kept of one search (the oldest are dropped)
ENDED_KEPT = 1024             # ended games remembered, to say why they ended
