"""The esak 2.0.0 side of the benchmark: the same API work as squad's commands, as a program.

    esak_peer.py show ID     the character and its two latest comics (what `squad show ID` asks)
    esak_peer.py page        one page of 100 by name (what `squad heroes --limit 100` asks)
    esak_peer.py all         every page of 100 by name until a short page (esak has no pager)

Keys and base URL come from MARVEL_PUBLIC_KEY, MARVEL_PRIVATE_KEY and MARVEL_API_BASE. esak's
cache is off (cache=None, its default), so every run asks the API like a cold squad home does.
Prints id, name and comic count per character, tab-separated, like squad's TSV.
"""

import os
import sys

import esak


def session():
    api = esak.api(os.environ["MARVEL_PUBLIC_KEY"], os.environ["MARVEL_PRIVATE_KEY"], cache=None)
    api.api_url = os.environ["MARVEL_API_BASE"] + "/{}"
    return api


def emit(characters):
    sys.stdout.write("".join(f"{c.id}\t{c.name}\t{len(c.comics)}\n" for c in characters))


def main(argv):
    api = session()
    mode = argv[1]
    if mode == "show":
        ident = int(argv[2])
        emit([api.character(ident)])
        for comic in api.character_comics(ident, {"orderBy": "-onsaleDate", "limit": 2}):
            sys.stdout.write(f"{comic.title}\n")
    elif mode == "page":
        emit(api.characters_list({"orderBy": "name", "limit": 100}))
    elif mode == "all":
        offset = 0
        while True:
            page = api.characters_list({"orderBy": "name", "limit": 100, "offset": offset} if offset
                                       else {"orderBy": "name", "limit": 100})
            emit(page)
            if len(page) < 100:
                break
            offset += 100
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(sys.argv)
