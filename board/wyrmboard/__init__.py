"""The wyrm board's server, one module per job; board/server.py is its command line.

  engine.py   the engine client: one process, its lines, its commands
  info.py     the engine's info lines read, and kept per search for the page to poll
  game.py     the game model: a game's start and moves, the open games, their cap
  checks.py   what a request body may ask for: types, ranges, FENs, moves, search limits
  api.py      the routes, the Host/Origin/Referer checks and the page's files
  httpd.py    HTTP/1.1 on asyncio: deadlines, connection caps, strict framing
  runner.py   the event loop, the engine threads and the reaper of silent games
  limits.py   every limit in one place
"""
