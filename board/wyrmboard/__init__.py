"""The wyrm board's server, one module per job; board/server.py is its command line.

  engine.py   the engine client: one process, its lines, its commands
  relay.py    the engines of the open games: the commands a page may send, searches and
              their lines, the cap on engines and the reaper of silent ones
  api.py      the routes, the Host/Origin/Referer checks and the page's files
  httpd.py    HTTP/1.1 on asyncio: deadlines, connection caps, strict framing
  runner.py   the event loop, the engine threads and the reaper's clock
  limits.py   every limit in one place
"""
