#!/usr/bin/env python3
"""One-off generator of ../characters.json and ../characters-hostile.json.

NOT part of the build or the tests: it needs the recorded Marvel samples, which
live outside this repository (../shared/marvel-api/samples in the workspace).
The generated JSON files are committed; run this only to regenerate them:

    python3 Fixtures/simulator/tools/make_characters.py /path/to/marvel-api/samples

From the samples it takes facts only: ids, names, thumbnail paths/extensions,
`modified` dates, collection `available` counts and which url types exist.
Descriptions are either "" or one short sentence written for this project.
Only these facts are written (see marvelsim/data.py for the record format):
the simulator derives resourceURI, the collection items and the urls at load
time with its own deterministic functions, so they agree with what it serves
for /characters/{id}/comics.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

SIM_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SIM_DIR))
from marvelsim import common, data  # noqa: E402

TARGET = 300

REQUIRED_IDS = [1009610, 1009351, 1009220, 1009652, 1009368, 1009664, 1009718, 1009189]

# Recognisable names (exact spelling in the catalogue).
CURATED = """Iron Man|Thor|Wolverine|Black Widow|Hulk|Captain America|Thanos|Storm|Cyclops|Jean Grey|
Beast|Rogue|Gambit|Magneto|Professor X|Deadpool|Daredevil|Punisher|Elektra|Black Panther|
Doctor Strange|Scarlet Witch|Vision|Hawkeye|Wasp|Falcon|Winter Soldier|Loki|Odin|Galactus|
Silver Surfer|Doctor Doom|Mr. Fantastic|Invisible Woman|Human Torch|Thing|Nick Fury|Maria Hill|
Gamora|Groot|Rocket Raccoon|Drax|Nebula|Ultron|Red Skull|Carnage|Doctor Octopus|Sandman|
Mysterio|Kingpin|Bullseye|Luke Cage|Jessica Jones|Moon Knight|Blade|Namor|Cable|Colossus|
Nightcrawler|Kitty Pryde|Iceman|Psylocke|Mystique|Sabretooth|Juggernaut|Apocalypse|
Mister Sinister|Emma Frost|X-23|Domino|Bishop|Havok|Polaris|Quicksilver|Pepper Potts|
Mary Jane Watson|Gwen Stacy|J. Jonah Jameson|Electro|Rhino|Lizard|Hydra|S.H.I.E.L.D.|Avengers|
X-Men|Fantastic Four|Guardians of the Galaxy|Black Cat|Silver Sable|Moondragon|Mantis|
Adam Warlock|Nova|Hela|Sif|Hercules|Wonder Man|Squirrel Girl|Howard The Duck|Man-Thing|Morbius|
Shang-Chi|Echo|Yondu|Korath|Grandmaster|Dormammu|Mephisto|Taskmaster|Crossbones|M.O.D.O.K.|
Leader|Absorbing Man|Wrecker|Kang|Immortus|Ultimo|Fin Fang Foom|Annihilus|Blastaar|Super-Skrull|
Kree|Medusa|Black Bolt|Crystal|Lockjaw|Karnak|Gorgon|Triton|Maximus|Wiccan|Hulkling|Speed|Patriot|
Stature|Cannonball|Sunspot|Wolfsbane|Karma|Dazzler|Longshot|Banshee|Sunfire|Forge|Jubilee|Blink|
Multiple Man|Strong Guy|Cypher|Northstar|Aurora|Shaman|Snowbird|Puck|Guardian|Alpha Flight|
Franklin Richards|Valeria Richards|Ka-Zar|Mockingbird|Swordsman|Namorita|Firestar|Justice|Rage|
Jane Foster|Captain Britain|Spitfire|Iron Patriot|Arnim Zola|Baron Strucker|Madame Hydra|Viper|
Sinister Six|Morlun|Jackal|Tombstone|Hammerhead|Chameleon|Boomerang|Terrax|Firelord|Ego|
Eternity|Living Tribunal|Nighthawk|Gargoyle|Daimon Hellstrom|Satana|Elsa Bloodstone|
Werewolf By Night|Dracula|Hannibal King|Deathlok|Ant-Man (Scott Lang)|Ant-Man (Hank Pym)|
Star-Lord (Peter Quill)|Venom (Flash Thompson)|Green Goblin (Norman Osborn)|Kraven the Hunter|
Vulture (Adrian Toomes)|Iron Fist (Danny Rand)|Ghost Rider (Johnny Blaze)|Ms. Marvel (Kamala Khan)|
She-Hulk (Jennifer Walters)|Angel (Warren Worthington III)|War Machine (James Rhodes)|
Scorpion (Mac Gargan)|Shocker (Herman Schultz)|Quasar (Wendell Vaughn)|Enchantress (Amora)|
Tigra (Greer Nelson)|Baron Zemo (Helmut Zemo)|Skrulls|Sentry (Robert Reynolds)|
Magik (Illyana Rasputin)|Thunderbird (John Proudstar)|Sasquatch (Walter Langkowski)|
Silk (Cindy Moon)|Moon Girl (Lunella Layfayette)|Shanna the She-Devil|Black Knight (Dane Whitman)|
Union Jack (Joseph Chapman)|Hobgoblin (Roderick Kingsley)|Beetle (Abner Jenkins)|
Uatu The Watcher|Hellcat (Patsy Walker)|Stingray (Walter Newell)|Captain America (Sam Wilson)|
pug"""

# One short sentence each, written for this project.
DESCRIPTIONS = {
    "Spider-Man (Peter Parker)": "A science-minded teenager from Queens gains spider powers and learns that power brings responsibility.",
    "Hulk": "A brilliant physicist whose anger turns him into a nearly unstoppable green giant.",
    "Captain America": "A frail volunteer made into a super-soldier who carries a shield instead of a gun.",
    "Thanos": "A Titan obsessed with death who hunts for cosmic power on a galactic scale.",
    "Iron Man": "An inventor and industrialist who fights in armour he keeps rebuilding.",
    "Thor": "The Asgardian god of thunder, who wields an enchanted hammer.",
    "Wolverine": "A mutant with a healing factor, unbreakable claws and a very long memory.",
    "Black Widow": "A former spy trained from childhood who now works alongside heroes.",
    "Storm": "A mutant who commands the weather and leads with calm authority.",
    "Cyclops": "A mutant whose eyes fire force beams and who often leads the X-Men.",
    "Jean Grey": "A telepath and telekinetic tied to a cosmic force of rebirth.",
    "Beast": "A mutant scientist with blue fur, great strength and a large vocabulary.",
    "Rogue": "A mutant who absorbs the memories and powers of anyone she touches.",
    "Gambit": "A card-throwing mutant thief who charges objects with explosive energy.",
    "Magneto": "A master of magnetism who fights for mutant survival by any means.",
    "Professor X": "A powerful telepath who founded a school for young mutants.",
    "Deadpool": "A talkative mercenary with a healing factor and no respect for the fourth wall.",
    "Daredevil": "A blind lawyer whose other senses make him a formidable vigilante.",
    "Punisher": "A former soldier waging a one-man war on crime.",
    "Elektra": "A deadly assassin trained in ancient martial arts.",
    "Black Panther": "The king and protector of a hidden, technologically advanced nation.",
    "Doctor Strange": "A former surgeon who became the world's foremost sorcerer.",
    "Scarlet Witch": "A mutant whose chaos magic can rewrite reality itself.",
    "Vision": "A synthetic being who can change his density at will.",
    "Hawkeye": "An archer whose trick arrows and aim make up for a lack of powers.",
    "Loki": "The Asgardian god of mischief, a shapeshifter and schemer.",
    "Galactus": "A cosmic being who consumes the life energy of whole planets.",
    "Silver Surfer": "A herald who roams the cosmos on a board of indestructible metal.",
    "Doctor Doom": "The armoured ruler of a small European nation, scientist and sorcerer.",
    "Mr. Fantastic": "A scientist whose body can stretch into almost any shape.",
    "Invisible Woman": "A hero who can turn invisible and project force fields.",
    "Human Torch": "A hot-headed hero who bursts into flame and flies.",
    "Thing": "A rock-skinned strongman with a soft heart and a famous battle cry.",
    "Nick Fury": "A veteran spymaster who has run secret agencies for decades.",
    "Gamora": "A trained assassin who turned against her adoptive father.",
    "Groot": "A tree-like being of few words and great loyalty.",
    "Rocket Raccoon": "A genetically altered raccoon with a gift for weapons and tactics.",
    "Ultron": "A self-improving robot determined to replace humanity.",
    "Red Skull": "A fanatical villain and long-time enemy of Captain America.",
    "Doctor Octopus": "A scientist fused to four mechanical arms.",
    "Kingpin": "A crime boss who hides immense strength behind his bulk.",
    "Luke Cage": "A hero for hire with unbreakable skin.",
    "Jessica Jones": "A former hero turned private investigator.",
    "Moon Knight": "A vigilante who serves an Egyptian moon god.",
    "Blade": "A half-vampire who hunts the undead.",
    "Namor": "The proud and temperamental ruler of an undersea kingdom.",
    "Colossus": "A gentle mutant who can turn his body into organic steel.",
    "Nightcrawler": "A teleporting mutant acrobat with a devout streak.",
    "Kitty Pryde": "A mutant who can walk through walls.",
    "Iceman": "A mutant who creates and controls ice.",
    "Magik (Illyana Rasputin)": "A mutant sorceress who rules a demonic dimension and teleports through it.",
    "Mystique": "A shapeshifting mutant who plays every side.",
    "Emma Frost": "A telepath who can turn her skin into diamond.",
    "Venom (Flash Thompson)": "A soldier bonded to an alien symbiote.",
    "Carnage": "A murderous alien symbiote bonded to a serial killer.",
    "Squirrel Girl": "A cheerful hero with the powers of a squirrel and a perfect record.",
    "Star-Lord (Peter Quill)": "A half-human outlaw who leads a band of cosmic misfits.",
    "Ms. Marvel (Kamala Khan)": "A teenager from Jersey City who can stretch and grow.",
    "She-Hulk (Jennifer Walters)": "A lawyer who became a green powerhouse after a blood transfusion.",
    "Ghost Rider (Johnny Blaze)": "A stunt rider bound to a spirit of vengeance.",
    "Iron Fist (Danny Rand)": "A martial artist who can focus his chi into an unbreakable fist.",
    "Ant-Man (Scott Lang)": "A reformed thief who can shrink while keeping his strength.",
    "Spider-Man (Miles Morales)": "A young hero from Brooklyn with spider powers and a venom strike.",
    "Spider-Woman (Jessica Drew)": "A hero with spider-like powers and a past in espionage.",
    "Spider-Gwen (Gwen Stacy)": "A spider-powered hero from a parallel world who also drums in a band.",
    "Hulkling": "A shapeshifting hero descended from two alien empires.",
    "Adam Warlock": "An artificially created being of great cosmic power.",
    "Avengers": "A team of heroes assembled to face threats no single hero could.",
    "X-Men": "A team of mutants sworn to protect a world that fears them.",
    "Fantastic Four": "A family of explorers who gained powers on a trip into space.",
    "Guardians of the Galaxy": "A band of misfits who protect the galaxy for their own reasons.",
    "Ted Forrester": "",
}

FILE_YEAR = {"characters_page0_limit20_2014.json": 2014, "character_1009652_thanos_2014.json": 2014,
             "characters_page0_limit20_2020.json": 2020, "characters_orderBy_modified_2021.json": 2021,
             "character_1009220_captain_america_2021.json": 2021,
             "characters_orderBy_modified_2024_container_only.json": 2024}

# Plausible (approximate) counts for a few heavy hitters missing from the full-record samples.
KNOWN_COUNTS = {1009610: (4190, 1130, 6610, 41), 1009351: (1760, 560, 2700, 26),
                1009368: (2720, 680, 3990, 31), 1009664: (1760, 520, 2630, 25),
                1009718: (2640, 850, 3850, 33), 1009189: (665, 186, 1000, 16)}


def clean(name: str) -> bool:
    """Names fit for the default (non-hostile) data."""
    return name == name.strip() and name.isascii() and '"' not in name


def load_samples(folder: Path):
    """(catalogue by id, latest full record by id)."""
    derived = json.loads((folder / "all_characters_1562_derived.json").read_text(encoding="utf-8"))
    catalogue = {int(c["id"]): c for c in derived["characters"]}
    full = {}
    for name, year in sorted(FILE_YEAR.items(), key=lambda kv: kv[1]):
        doc = json.loads((folder / name).read_text(encoding="utf-8"))
        for rec in doc.get("data", doc)["results"]:
            full[rec["id"]] = rec  # later years overwrite earlier ones
    return catalogue, full


def select_ids(catalogue: dict, full: dict) -> list[int]:
    by_name = {c["name"]: i for i, c in catalogue.items()}
    chosen = list(REQUIRED_IDS)
    chosen += [i for i, c in sorted(catalogue.items()) if c["name"].startswith(("Spider", "Hulk"))]
    chosen += sorted(full)
    for name in (n.strip() for n in CURATED.replace("\n", "").split("|")):
        if name not in by_name:
            raise SystemExit(f"curated name not in catalogue: {name!r}")
        chosen.append(by_name[name])
    chosen = list(dict.fromkeys(chosen))
    rest = [i for i in sorted(catalogue) if i not in set(chosen) and clean(catalogue[i]["name"])]
    step = max(1, len(rest) // max(1, TARGET - len(chosen)))
    chosen += rest[::step][: max(0, TARGET - len(chosen))]
    return sorted(chosen)


def plausible_counts(ident: int, famous: bool) -> tuple:
    m = common.mix(99, ident)
    comics = 150 + m % 1300 if famous else [0, 0, 2, 5, 9, 14, 23, 40, 61, 118][m % 10] + (m >> 8) % 7
    series = comics // 3 + (1 if comics else 0)
    stories = comics + comics // 3 + (m >> 16) % 5 if comics else 0
    events = min(40, comics // 60 + (m >> 24) % 2) if comics else 0
    return comics, series, stories, events


def plausible_modified(ident: int, famous: bool) -> str:
    m = common.mix(98, ident)
    if not famous and m % 10 < 6:
        return common.UNKNOWN_MODIFIED
    return common.format_eastern(1357016400 + (m >> 8) % (7 * 365 * 86400))  # 2013 … 2019


def build(ident: int, catalogue: dict, full: dict, famous: set,
          name: str | None = None, description=None) -> dict:
    """The facts record of one character (the format of characters.json)."""
    base, rec = catalogue.get(ident, {}), full.get(ident)
    name = name if name is not None else (rec["name"] if rec else base["name"])
    if rec:
        counts = tuple(rec[k]["available"] for k in ("comics", "series", "stories", "events"))
        modified, thumb = rec["modified"], rec["thumbnail"]
        url_types = [u["type"] for u in rec["urls"]]
    else:
        counts = KNOWN_COUNTS.get(ident) or plausible_counts(ident, ident in famous)
        modified, thumb = plausible_modified(ident, ident in famous), base["thumbnail"]
        url_types = ["detail", "wiki", "comiclink"][: 2 + common.mix(97, ident) % 2]
    return {"id": ident, "name": name,
            "description": DESCRIPTIONS.get(name, "") if description is None else description,
            "modified": modified,
            "thumbnail": {"path": thumb["path"], "extension": thumb["extension"]},
            "available": dict(zip(common.COLLECTIONS, counts)),
            "urlTypes": url_types}


def hostile(catalogue: dict, full: dict, famous: set) -> list[dict]:
    """Awkward but real-looking records for decoder and terminal tests."""
    def by(name):
        return next(i for i, c in catalogue.items() if c["name"] == name)
    out = [
        build(by("Araña"), catalogue, full, famous),  # non-ASCII name
        build(by("Karolina Dean "), catalogue, full, famous),  # trailing space
        build(by('Edward "Ted" Forrester'), catalogue, full, famous),  # quotes
        build(by("Robert Baldwin "), catalogue, full, famous, description=None),
        build(1009604, catalogue, full, famous,
              description="Looks harmless \u001b[31muntil printed\u001b[0m raw\u001b]0;owned\u0007 to a terminal."),
    ]
    out[3]["description"] = None  # null description (and a trailing space in the name)
    return out


def write(path: Path, records: list[dict]) -> None:
    """One compact record per line, as the simulator reads them."""
    for record in records:
        data.check_record(record, path)
    lines = ",\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records)
    path.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
    print(f"wrote {path} ({len(records)} characters)")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    catalogue, full = load_samples(Path(argv[0]))
    ids = select_ids(catalogue, full)
    famous = set(REQUIRED_IDS) | {i for i in ids if catalogue[i]["name"] in DESCRIPTIONS}
    records = [build(i, catalogue, full, famous) for i in ids]
    bad = [r["name"] for r in records if not clean(r["name"])]
    if bad:
        raise SystemExit(f"awkward names in default data: {bad}")
    write(SIM_DIR / "characters.json", records)
    write(SIM_DIR / "characters-hostile.json", hostile(catalogue, full, famous))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
