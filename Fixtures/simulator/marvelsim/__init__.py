"""marvelsim: a loopback simulator of the (retired) Marvel Comics API v1, for squad's tests.

The command line lives in ``../marvel_sim.py`` (a thin entry point that puts
this package on ``sys.path`` and calls :func:`marvelsim.cli.run`); README.md
next to it documents the command line, the control API and the behaviour.

Modules, from the bottom up:

- ``common``: constants, the deterministic hash, JSON and Marvel date helpers.
- ``sequences``: which comic/series/story/event ids a character owns.
- ``comics``: synthetic comics, series, stories, events and creators.
- ``data``: characters: loading ``characters.json`` (facts only) and
  deriving their wire objects, plus synthetic characters.
- ``cache``: a bounded LRU map and the ETag helpers.
- ``catalog``: all characters in memory, sorted views, filters, ``touch``.
- ``validation``: Marvel's error bodies and query parameter checks.
- ``auth``: md5 request signing.
- ``responses``: the response object and the 200 wrapper.
- ``routes``: the ``/v1/public`` endpoints (auth, validation, paging, ETags).
- ``faults``: the fault queue and the canned fault responses.
- ``requestlog``: the request log behind ``/_sim/log`` and ``--log``.
- ``server``: the HTTP server, the request handler and the ``/_sim/`` control API.
- ``cli``: the command line and the server's lifecycle.

Python 3.11 standard library only. All output is deterministic.
"""
