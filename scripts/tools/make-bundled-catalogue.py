#!/usr/bin/env python3
"""Generator for Sources/SquadCore/Catalogue/Storage/BundledCatalogue+Data.swift.

Writes the starter catalogue that squad compiles into its binary: every Marvel character, in the
indexed catalogue format (Sources/SquadCore/Catalogue/Storage/CatalogueFormat.swift, docs/CATALOGUE.md),
as a StaticString that squad searches in place, by bisection, without decoding it. It reads only
facts kept in the project (scripts/tools/facts/, see PROVENANCE.md there), so the same inputs give
the same bytes on any machine; `--check` regenerates the file in memory and fails when the
committed one differs by a single byte (the catalogue tests run it).

Inputs, facts only (ids, names, dates, counts, picture paths, public urls; never Marvel's prose):
  * facts/characters-2024.csv: id, name, `modified` and the four `available` counts of all 1,564
    characters, as the API gave them in mid-2024;
  * facts/samples.jsonl: what the recorded API samples (../shared/marvel-api/samples, never
    committed) add: thumbnails, urls, and the dates and counts of their 64 full records (the most
    recent capture wins). `--from-samples DIR` writes it again from a samples folder.

Rules:
  * every character of the CSV is included, its name with surrounding whitespace stripped;
  * the CSV gives `modified` and the counts; Marvel's "no date" forms (1969-12-31T19:00:00-0500
    and -0001-11-30…) and an empty cell are unknown, and an unknown value is taken from the samples when they know it. That is the
    catalogue's own merge rule (HeroMerge): the CSV is the newer capture, so it wins, and a field
    it lacks comes from the other record;
  * the thumbnail is omitted when it is Marvel's `image_not_available` placeholder, and query
    strings (`?utm_campaign=...`) are stripped from urls;
  * descriptions are our own words (DESCRIPTIONS below) or empty: Marvel's text is never used;
  * `modified` is written as whole seconds since 1970, as squad writes it (catalogue format 3);
  * records are sorted by their name key (the name trimmed, accents removed, lower-cased, as
    HeroName.folded does it) compared as UTF-8 bytes, then by id.

Usage: python3 scripts/tools/make-bundled-catalogue.py [--check | --from-samples SAMPLES_DIR]
"""

import argparse
import csv
import json
import sys
import unicodedata
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "scripts" / "tools" / "facts" / "characters-2024.csv"
SAMPLE_FACTS = ROOT / "scripts" / "tools" / "facts" / "samples.jsonl"
OUTPUT = ROOT / "Sources" / "SquadCore" / "Catalogue" / "Storage" / "BundledCatalogue+Data.swift"
COUNTS = ("comics", "series", "stories", "events")

# The derived whole-catalogue file: id, name, description (ignored), thumbnail; numbers are strings.
ALL_CHARACTERS = "all_characters_1562_derived.json"

# Full-record samples, oldest capture first: a later capture overrides an earlier one.
FULL_RECORD_SAMPLES = [
    "characters_page0_limit20_2014.json",
    "character_1009652_thanos_2014.json",
    "characters_page0_limit20_2020.json",
    "characters_orderBy_modified_2021.json",
    "character_1009220_captain_america_2021.json",
    "characters_orderBy_modified_2024_container_only.json",
]

# Marvel's two ways of saying "no date": the Unix epoch in US Eastern time, and year -1.
UNKNOWN_DATE = "1969-12-31T19:00:00-0500"


def known_date(text):
    return text if text and text != UNKNOWN_DATE and not text.startswith("-0001") else None

PLACEHOLDER_SUFFIX = "image_not_available"

# Characters that must be present whatever else changes.
MUST_INCLUDE = [1009610, 1009351, 1009220, 1009652, 1009368, 1009664, 1009718, 1009189]

# Our own one-line descriptions, keyed by id. The name is repeated only so that a typo in an
# id is caught (it must match the facts' name). An empty description means "say nothing";
# characters without an entry here get "".
DESCRIPTIONS = {
    # --- Characters with full records in the samples -------------------------------------
    1011334: ("3-D Man", "A 1950s hero: test pilot Chuck Chandler, trapped in his brother Hal's red-and-green glasses, who appears as 3-D Man when Hal wills it."),
    1017100: ("A-Bomb (HAS)", "The animated A-Bomb from Hulk and the Agents of S.M.A.S.H., a gamma-charged member of the Hulk's crew."),
    1009144: ("A.I.M.", "Advanced Idea Mechanics, a criminal think tank of rogue scientists in yellow hazmat suits."),
    1010699: ("Aaron Stack", "The robot also known as Machine Man, a thinking android raised as a son by his creator."),
    1009146: ("Abomination (Emil Blonsky)", "A former Soviet-bloc agent mutated by gamma rays into a scaly brute, one of the Hulk's fiercest foes."),
    1016823: ("Abomination (Ultimate)", "The Ultimate universe's counterpart of the gamma-mutated Abomination."),
    1009148: ("Absorbing Man", "Carl 'Crusher' Creel, a boxer turned convict who takes on the properties of anything he touches."),
    1009149: ("Abyss", "A being made by the Builders who, with her brother Ex Nihilo, set out to remake life on Earth and clashed with the Avengers."),
    1010903: ("Abyss (Age of Apocalypse)", "The Age of Apocalypse version of Abyss, a servant of Apocalypse in that reality."),
    1011266: ("Adam Destine", "The immortal head of the ClanDestine, a secret family of super-powered siblings."),
    1010354: ("Adam Warlock", "An artificial being grown to be the perfect human, who became a cosmic hero bound to the Soul Gem."),
    1010846: ("Aegis (Trey Rollins)", ""),
    1011297: ("Agent Brand", "Abigail Brand, the sharp-tongued commander of S.W.O.R.D., Earth's agency for alien threats."),
    1011031: ("Agent X (Nijo)", ""),
    1009150: ("Agent Zero", "A German mutant mercenary and former Weapon X operative, also known as Maverick."),
    1011198: ("Agents of Atlas", "A team of 1950s adventurers, including Jimmy Woo and Gorilla Man, reunited in the present day."),
    1011175: ("Aginar", ""),
    1011136: ("Air-Walker (Gabriel Lan)", "A Xandarian starship captain who became one of Galactus's heralds."),
    1011176: ("Ajak", "One of the Eternals, who acts as a go-between with the towering Celestials."),
    1010870: ("Ajaxis", ""),
    1011194: ("Akemi", ""),
    1011170: ("Alain", ""),
    1009652: ("Thanos", "A warlord from Saturn's moon Titan whose devotion to Death drives his hunt for cosmic power, above all the Infinity Gems."),
    1009162: ("Askew-Tronics", ""),
    1009226: ("Cargill", ""),
    1009304: ("Firebrand", "A fire-wielding villain who has clashed with Iron Man."),
    1009326: ("Gressill", ""),
    1009414: ("Maggott", "A South African mutant whose digestive system lives outside him as two metal-eating slugs."),
    1009457: ("Mother Askani", "Rachel Summers as the aged leader of the Askani sisterhood in Cable's future."),
    1009497: ("Alexander Pierce", "A S.H.I.E.L.D. agent who served alongside Nick Fury."),
    1009514: ("Puma", "Thomas Fireheart, a businessman and mercenary who can take the form of a great cat; sometimes Spider-Man's foe, sometimes his ally."),
    1009555: ("Sage", "Tessa, a mutant with a computer-like mind who long served Charles Xavier in secret."),
    1009604: ("Jennifer Smith", ""),
    1009654: ("The Call", ""),
    1009713: ("Debra Whitman", "A university secretary who was briefly a love interest of Peter Parker."),
    1010334: ("Quasimodo", "A thinking computer built by the Mad Thinker, forever longing for a real body."),
    1010708: ("Pandemic", ""),
    1010797: ("Nitro", "A villain who can explode and re-form his body; one of his blasts helped spark the superhero Civil War."),
    1010826: ("MVP", "Michael Van Patrick, a gifted recruit of the Avengers Initiative whose genes were later used to make clones."),
    1010854: ("Living Lightning", "Miguel Santos, a young man turned into living electricity who joined the West Coast Avengers."),
    1010882: ("Old Lace", "A genetically engineered dinosaur psychically bonded to Gertrude Yorkes of the Runaways."),
    1010916: ("Carnage (Ultimate)", "The Ultimate universe's Carnage, a murderous creature grown in a lab."),
    1010938: ("Joshua Kane", ""),
    1009220: ("Captain America", "Steve Rogers, a World War II super-soldier who woke decades later in the modern world. He leads the Avengers with his star-spangled shield."),
    1010961: ("Prowler (Rick Lawson)", ""),
    1011000: ("Ted Forrester", ""),
    1011046: ("Hedge Knight", "The wandering knight of Marvel's comic adaptation of George R. R. Martin's The Hedge Knight."),
    1011113: ("Blue Blade", ""),
    1011134: ("Microchip", "Linus Lieberman, the Punisher's tech expert and longtime partner."),
    1011154: ("Ravenous", ""),
    1011178: ("Kronos", "One of the Eternals, brother of Zuras and A'Lars, whose own experiments turned him into a cosmic being."),
    1011199: ("Ezekiel", "A wealthy businessman with spider powers who told Peter Parker about the mystic side of his abilities."),
    1011216: ("The Liberteens", "A team of young heroes formed under the Fifty-State Initiative."),
    1011238: ("Red Ghost (Ultimate)", "The Ultimate universe's counterpart of the Red Ghost."),
    1009335: ("Felicia Hardy", "The woman behind the Black Cat, a cat burglar with a soft spot for Spider-Man."),
    1010804: ("X-51", "The android known as Machine Man, built by the U.S. Army and raised as a son by his creator."),
    1011250: ("Katie Power", "The youngest member of Power Pack, a family of children with alien-given powers."),
    1011291: ("Blindfold", "Ruth Aldine, a young blind mutant with telepathy and glimpses of the future."),
    1011329: ("Omega Sentinel", "Karima Shapandar, a police officer turned into a human Sentinel who later fought beside the X-Men."),
    1011354: ("Barracuda", "A brutal mercenary and one of the Punisher's toughest enemies."),
    1009741: ("Zombie (Simon Garth)", "A businessman turned into a walking dead man by voodoo."),
    1009700: ("Wallow", ""),
    1010872: ("Vector", ""),
    1009200: ("Blockbuster", "A hulking, super-strong member of Mister Sinister's Marauders."),
    # --- Spider-Man and family ----------------------------------------------------------
    1009610: ("Spider-Man (Peter Parker)", "A Queens teenager who gained a spider's strength, agility and danger sense from an irradiated spider's bite. After his uncle's death he became a friendly neighbourhood hero."),
    1010727: ("Spider-dok", ""),
    1009157: ("Spider-Girl (Anya Corazon)", "Anya Corazon, a Brooklyn teen given spider powers by a mystic order, first known as Araña."),
    1009609: ("Spider-Girl (May Parker)", "May 'Mayday' Parker, the daughter of Peter Parker and Mary Jane in a possible future."),
    1017603: ("Spider-Gwen (Gwen Stacy)", "The Gwen Stacy of another Earth, where the radioactive spider bit her instead of Peter."),
    1011347: ("Spider-Ham (Larval Earth)", "Peter Porker, a cartoon pig who swings through a world of talking animals."),
    1011054: ("Spider-Man (1602)", "Peter Parquagh, the Spider-Man of the Elizabethan-era Marvel 1602 world."),
    1014873: ("Spider-Man (2099)", "Miguel O'Hara, a geneticist who becomes the Spider-Man of the year 2099."),
    1016452: ("Spider-Man (Ai Apaec)", "A spider-like being named after a deity of the ancient Moche culture of Peru."),
    1014858: ("Spider-Man (Ben Reilly)", "Ben Reilly, Peter Parker's clone, during the time he wore the Spider-Man costume."),
    1012200: ("Spider-Man (House of M)", "Peter Parker in the House of M reality, where he is a celebrated public figure."),
    1017332: ("Spider-Man (LEGO Marvel Super Heroes)", "Spider-Man as he appears in the LEGO Marvel Super Heroes video game."),
    1011114: ("Spider-Man (Marvel Zombies)", "A flesh-eating Spider-Man from the Marvel Zombies world."),
    1017305: ("Spider-Man (Marvel: Avengers Alliance)", "Spider-Man as he appears in the game Marvel: Avengers Alliance."),
    1016181: ("Spider-Man (Miles Morales)", "Miles Morales, a Brooklyn teen bitten by a genetically altered spider, who can also turn invisible and deliver a venom strike."),
    1012295: ("Spider-Man (Noir)", "A 1930s Spider-Man who fights gangsters in a gritty, Depression-era New York."),
    1011377: ("Spider-Man (Takuya Yamashiro)", "The hero of the 1970s Japanese Spider-Man TV series, who pilots the giant robot Leopardon."),
    1011010: ("Spider-Man (Ultimate)", "The Ultimate universe's teenage Peter Parker."),
    1010795: ("Spider-Woman (Charlotte Witter)", "A villain who stole the powers of the other Spider-Women."),
    1009608: ("Spider-Woman (Jessica Drew)", "Jessica Drew, a former Hydra agent with spider powers and venom blasts who became an Avenger."),
    1010794: ("Spider-Woman (Mattie Franklin)", "Mattie Franklin, a teenager who gained spider powers and took up the Spider-Woman name."),
    1009185: ("Black Cat", "Felicia Hardy, a cat burglar who brings bad luck to her foes and has long flirted with Spider-Man."),
    1009708: ("Mary Jane Watson", "Peter Parker's great love, an outgoing actress and model."),
    1009490: ("May Parker", "Peter Parker's beloved aunt, who raised him in Queens."),
    1009619: ("Gwen Stacy", "Peter Parker's college sweetheart, whose death at the hands of the Green Goblin shook him deeply."),
    1009372: ("J. Jonah Jameson", "The hot-headed publisher of the Daily Bugle and Spider-Man's loudest critic."),
    1009663: ("Venom (Flash Thompson)", "Flash Thompson, Peter Parker's old school bully turned war veteran, bonded to the Venom symbiote as a covert agent."),
    1009227: ("Carnage", "Serial killer Cletus Kasady, bonded to a red offspring of the Venom symbiote."),
    1017815: ("Silk (Cindy Moon)", "Cindy Moon, bitten by the same spider as Peter Parker, who spent years locked away before becoming a hero."),
    1011435: ("Green Goblin (Norman Osborn)", "Industrialist Norman Osborn, driven mad by a strength formula, who attacks from a goblin glider with pumpkin bombs."),
    1009276: ("Doctor Octopus", "Otto Octavius, a brilliant scientist fused to four mechanical arms."),
    1009558: ("Sandman", "Flint Marko, a crook whose body became living sand."),
    1009287: ("Electro", "Max Dillon, a lineman turned into a living battery by a freak accident."),
    1009699: ("Vulture (Adrian Toomes)", "Adrian Toomes, an elderly inventor who took to the skies in an electromagnetic flying rig and turned to crime."),
    1009464: ("Mysterio", "Quentin Beck, a special effects wizard who commits crimes with illusions."),
    1009391: ("Kraven the Hunter", "Sergei Kravinoff, a big-game hunter bent on proving himself by hunting Spider-Man."),
    1009404: ("Lizard", "Dr. Curt Connors, whose attempt to regrow his lost arm turned him into a reptile."),
    1009537: ("Rhino", "A thug bonded to a nearly unstoppable armoured rhinoceros suit."),
    1009563: ("Scorpion (Mac Gargan)", "Mac Gargan, a private eye turned into a villain with a mechanical scorpion tail."),
    1009389: ("Kingpin", "Wilson Fisk, the massive crime boss of New York."),
    # --- Hulk and family ----------------------------------------------------------------
    1009351: ("Hulk", "Scientist Bruce Banner, who turns into a huge green powerhouse after a gamma bomb accident. His strength grows with his rage."),
    1017098: ("Hulk (HAS)", "The Hulk as he appears in the cartoon Hulk and the Agents of S.M.A.S.H."),
    1017333: ("Hulk (LEGO Marvel Super Heroes)", "The Hulk as he appears in the LEGO Marvel Super Heroes video game."),
    1011118: ("Hulk (Marvel Zombies)", "A ravenous zombie Hulk from the Marvel Zombies world."),
    1017303: ("Hulk (Marvel: Avengers Alliance)", "The Hulk as he appears in the game Marvel: Avengers Alliance."),
    1011005: ("Hulk (Ultimate)", "The Ultimate universe's Bruce Banner and his savage alter ego."),
    1010721: ("Hulk-dok", ""),
    1017107: ("Hulk/Bruce Banner (MAA)", "The animated Bruce Banner and Hulk of the Marvel's Avengers Assemble cartoon."),
    1009355: ("Hulkling", "Teddy Altman, a shape-shifting Kree-Skrull hybrid and a founding member of the Young Avengers."),
    1009583: ("She-Hulk (Jennifer Walters)", "Lawyer Jennifer Walters, Bruce Banner's cousin, who gained gamma powers from his blood and keeps her wits in her green form."),
    1011360: ("Red Hulk", "General Thaddeus 'Thunderbolt' Ross, the Hulk's old hunter, transformed into a red gamma giant."),
    1009398: ("Leader", "Samuel Sterns, a gamma-mutated genius with a swollen skull and a grudge against the Hulk."),
    # --- Avengers -----------------------------------------------------------------------
    1009368: ("Iron Man", "Genius inventor Tony Stark, who fights in powered armour of his own design. A founding member of the Avengers."),
    1009664: ("Thor", "Odin's son and Asgard's prince of storms, who calls down lightning with his hammer Mjolnir and defends both Asgard and Earth."),
    1009189: ("Black Widow", "Natasha Romanoff, a Russian-trained spy who defected to become an agent of S.H.I.E.L.D. and an Avenger."),
    1009338: ("Hawkeye", "Clint Barton, a former circus performer and master archer who became one of the Avengers."),
    1010808: ("Hawkeye (Kate Bishop)", "Kate Bishop, a young archer from the Young Avengers who shares the Hawkeye name with Clint Barton."),
    1009155: ("Ant-Man (Hank Pym)", "Scientist Hank Pym, whose size-changing particles let him shrink or grow. A founding Avenger."),
    1010801: ("Ant-Man (Scott Lang)", "A reformed thief who took up Hank Pym's shrinking suit to save his daughter Cassie."),
    1009707: ("Wasp", "Janet van Dyne, who can shrink, fly and fire stinging blasts. A founding Avenger who gave the team its name."),
    1009697: ("Vision", "A synthetic man built by Ultron who turned on his maker to join the Avengers. He can change his density at will."),
    1009562: ("Scarlet Witch", "Wanda Maximoff, whose hex powers can bend probability and even reality itself."),
    1009524: ("Quicksilver", "Pietro Maximoff, Wanda's twin brother, who moves at superhuman speed."),
    1009187: ("Black Panther", "T'Challa, king of the hidden African nation of Wakanda, who draws heightened abilities from the sacred heart-shaped herb."),
    1010338: ("Captain Marvel (Carol Danvers)", "Air Force pilot Carol Danvers, whose Kree-altered genes give her flight, strength and energy blasts. Formerly known as Ms. Marvel."),
    1009224: ("Captain Marvel (Mar-Vell)", "A Kree soldier sent to spy on Earth who chose to defend it instead."),
    1009297: ("Falcon", "Sam Wilson, a winged hero and longtime partner of Captain America."),
    1017575: ("Captain America (Sam Wilson)", "Sam Wilson after taking up the shield and the name of Captain America."),
    1010740: ("Winter Soldier", "Bucky Barnes, Captain America's wartime partner, brainwashed into a Soviet assassin and later set free."),
    1017834: ("War Machine (James Rhodes)", "James Rhodes, Tony Stark's best friend, who wears a heavily armed suit of armour."),
    1009175: ("Beast", "Hank McCoy, a brilliant furry-blue mutant scientist with great agility, an original X-Man and an Avenger."),
    1017577: ("Ms. Marvel (Kamala Khan)", "Kamala Khan, a Jersey City teenager whose Inhuman powers let her stretch and reshape her body."),
    1017576: ("Thor (Goddess of Thunder)", "Jane Foster, who lifted Mjolnir and became Thor when the Odinson could not."),
    1009165: ("Avengers", "The best-known super-team in the Marvel Universe, whose ever-changing roster unites heroes against world-level dangers."),
    1009577: ("Shang-Chi", "A master of kung fu who rejected the criminal empire of the father who raised him."),
    1009592: ("Silver Surfer", "Norrin Radd of Zenn-La, who became Galactus's herald to spare his world and rides the cosmos on a gleaming board."),
    1009466: ("Namor", "The proud, hot-tempered king of Atlantis, born of a human father and an Atlantean mother."),
    1009471: ("Nick Fury", "The eyepatched veteran soldier and spymaster who long ran S.H.I.E.L.D."),
    # --- Street-level heroes and the mystic side ------------------------------------------
    1009262: ("Daredevil", "Matt Murdock, a blind lawyer whose other senses are superhumanly sharp, guardian of Hell's Kitchen."),
    1009215: ("Luke Cage", "A Harlem hero with unbreakable skin and great strength, the result of a prison experiment."),
    1009367: ("Iron Fist (Danny Rand)", "Danny Rand, a martial artist who earned the power of the Iron Fist in the hidden city of K'un-Lun."),
    1009378: ("Jessica Jones", "A former costumed hero with strength and flight who now works as a private investigator."),
    1009515: ("Punisher", "Frank Castle, a vigilante who wages a one-man war on crime after his family was murdered."),
    1009288: ("Elektra", "A deadly ninja assassin and Matt Murdock's former love."),
    1009268: ("Deadpool", "Wade Wilson, a wisecracking mercenary with a healing factor who knows he is in a comic book."),
    1009452: ("Moon Knight", "Marc Spector, a mercenary who became the avatar of the Egyptian moon god Khonshu."),
    1009191: ("Blade", "A vampire hunter who is half vampire himself, sharing their strengths but not their weakness to sunlight."),
    1009318: ("Ghost Rider (Johnny Blaze)", "Stunt rider Johnny Blaze, bound to a spirit of vengeance that turns him into a flaming skeleton."),
    1009282: ("Doctor Strange", "Stephen Strange, a surgeon whose ruined hands led him to the mystic arts and the title of Sorcerer Supreme."),
    1011023: ("Defenders", "A loose band of heroes founded by Doctor Strange, Namor and the Hulk."),
    # --- X-Men --------------------------------------------------------------------------
    1009718: ("Wolverine", "Logan, a gruff mutant with a healing factor, keen senses and claws laced with adamantium."),
    1009257: ("Cyclops", "Scott Summers, field leader of the X-Men, whose eyes fire powerful blasts held back by a ruby visor."),
    1009496: ("Jean Grey", "A founding X-Man with telepathy and telekinesis, long bound to the cosmic Phoenix Force."),
    1009629: ("Storm", "Ororo Munroe, a mutant who commands the weather, a leader of the X-Men and one-time queen of Wakanda."),
    1009546: ("Rogue", "A mutant from the American South who absorbs the powers and memories of anyone she touches."),
    1009313: ("Gambit", "Remy LeBeau, a Cajun thief who charges objects with explosive energy."),
    1009362: ("Iceman", "Bobby Drake, an original X-Man who makes ice and can turn his body into it."),
    1009153: ("Angel (Warren Worthington III)", "Warren Worthington III, a wealthy founding X-Man born with feathered wings."),
    1009472: ("Nightcrawler", "Kurt Wagner, a blue, tailed mutant swashbuckler who can teleport."),
    1009243: ("Colossus", "Piotr Rasputin, a Russian mutant who can turn his body into organic steel."),
    1009508: ("Kitty Pryde", "A mutant who can phase through solid matter, one of the X-Men's youngest recruits."),
    1009381: ("Jubilee", "Jubilation Lee, a former mall rat who fires bursts of fireworks-like energy."),
    1009512: ("Psylocke", "Betsy Braddock, a telepath and ninja who fights with a blade of psychic energy."),
    1009310: ("Emma Frost", "A telepath who can turn her skin to diamond, once a Hellfire Club villain and later an X-Men leader."),
    1009504: ("Professor X", "Charles Xavier, the world's most powerful telepath, founder of the X-Men and champion of peace between mutants and humans."),
    1009415: ("Magik (Illyana Rasputin)", "Colossus's younger sister, a sorceress who rules the demon realm of Limbo and teleports through it."),
    1009722: ("X-23", "Laura Kinney, a young clone of Wolverine with his claws and healing factor."),
    1009214: ("Cable", "Nathan Summers, Cyclops's son, a soldier raised in a grim future who travels through time."),
    1009277: ("Domino", "A mutant mercenary whose power tilts the odds in her favour."),
    1009726: ("X-Men", "Mutants trained by Charles Xavier to protect a world that fears and distrusts them."),
    # --- X-Men foes ---------------------------------------------------------------------
    1009417: ("Magneto", "A master of magnetism and Holocaust survivor who fights, often ruthlessly, for mutant survival."),
    1009465: ("Mystique", "A blue-skinned shape-shifter, mother of Nightcrawler and adoptive mother of Rogue."),
    1009554: ("Sabretooth", "Victor Creed, a savage mutant with claws and a healing factor, Wolverine's bitter enemy."),
    1009156: ("Apocalypse", "En Sabah Nur, an ancient mutant who believes only the strong deserve to survive."),
    1009447: ("Mister Sinister", "Nathaniel Essex, a Victorian scientist obsessed with mutant genetics, above all the Summers bloodline."),
    1009382: ("Juggernaut", "Cain Marko, Charles Xavier's stepbrother, made unstoppable by the Crimson Gem of Cyttorak."),
    1009570: ("Sentinel", "Giant mutant-hunting robots first built by Bolivar Trask."),
    1009393: ("Lady Deathstrike", "Yuriko Oyama, a cyborg assassin with adamantium claws and a grudge against Wolverine."),
    # --- Fantastic Four -----------------------------------------------------------------
    1009459: ("Mr. Fantastic", "Reed Richards, leader of the Fantastic Four and one of Earth's greatest minds, who can stretch his body into any shape."),
    1009366: ("Invisible Woman", "Sue Storm, who can turn invisible and project powerful force fields."),
    1009356: ("Human Torch", "Johnny Storm, the Fantastic Four's hothead, who bursts into flame and flies."),
    1009662: ("Thing", "Ben Grimm, a test pilot turned into a rocky orange powerhouse with a big heart."),
    1009299: ("Fantastic Four", "Marvel's first family, explorers who gained their powers from cosmic rays."),
    1009539: ("Franklin Richards", "The son of Reed and Sue Richards, a mutant with reality-shaping power."),
    1009312: ("Galactus", "A colossal cosmic being who must consume the life energy of planets to survive."),
    1009281: ("Doctor Doom", "Victor von Doom, the armoured monarch of Latveria, a sorcerer-scientist and Reed Richards's arch-rival."),
    1009449: ("Mole Man", "Ruler of the monsters that live beneath the Earth, the Fantastic Four's very first foe."),
    1009154: ("Annihilus", "The insect-like tyrant of the Negative Zone, obsessed with his own survival."),
    1009639: ("Super-Skrull", "A Skrull warrior engineered to wield all the powers of the Fantastic Four at once."),
    1009184: ("Black Bolt", "King of the Inhumans, whose voice is so destructive that he rarely speaks."),
    # --- Guardians and cosmic -------------------------------------------------------------
    1010733: ("Star-Lord (Peter Quill)", "Peter Quill, the half-human son of an alien emperor and leader of the Guardians of the Galaxy."),
    1010763: ("Gamora", "The last of her people, raised by Thanos as an assassin, who turned against him."),
    1010735: ("Drax", "Drax the Destroyer, a warrior created with one purpose: to kill Thanos."),
    1010744: ("Rocket Raccoon", "A genetically altered raccoon, weapons expert and ace pilot of the Guardians of the Galaxy."),
    1010743: ("Groot", "A tree-like alien who, in most of his modern appearances, says only 'I am Groot'."),
    1011026: ("Mantis", "An empath and martial artist who has fought beside the Avengers and the Guardians."),
    1010365: ("Nebula", "A ruthless space pirate who has claimed to be Thanos's granddaughter."),
    1011299: ("Guardians of the Galaxy", "A ragtag band of cosmic heroes; one team guards the 31st century, another the present day."),
    1010344: ("Ronan", "A Kree Accuser and stern enforcer of the Kree Empire's law."),
    1012080: ("The Collector (Taneleer Tivan)", "Taneleer Tivan, an Elder of the Universe who hoards rare things and rare beings."),
    # --- Major villains ---------------------------------------------------------------
    1009407: ("Loki", "Thor's adoptive brother, the Asgardian god of mischief and lies."),
    1009685: ("Ultron", "A murderous robot built by Hank Pym that rebuilds itself after every defeat."),
    1009535: ("Red Skull", "Johann Schmidt, a Nazi agent and Captain America's archenemy."),
    1009384: ("Kang", "A conqueror from the far future who travels through time to rule it."),
    1010906: ("Baron Zemo (Helmut Zemo)", "Helmut Zemo, heir to his father's hatred of Captain America and leader of the Masters of Evil."),
    1009280: ("Dormammu", "The flame-headed ruler of the Dark Dimension and Doctor Strange's greatest foe."),
    1009440: ("Mephisto", "A demon lord who bargains for souls."),
    1010726: ("M.O.D.O.K.", "A scientist mutated into a giant-headed thinking machine who leads A.I.M."),
    1009648: ("Taskmaster", "A mercenary who can copy any fighting style he sees and trains other villains' henchmen."),
    1009212: ("Bullseye", "A hitman who can turn almost any object into a deadly projectile, Daredevil's deadly foe."),
    1009421: ("Mandarin", "A warlord who wields ten alien rings of power, Iron Man's archenemy."),
    1011482: ("Hela", "The Asgardian goddess of death, ruler of Hel and Niffleheim."),
    1011289: ("Killmonger", "Erik Killmonger, a Wakandan exile who challenged T'Challa for the throne."),
    1009480: ("Odin", "The All-Father, king of Asgard and Thor's father."),
    1009359: ("Hydra", "A secretive terrorist organisation bent on world domination."),
    # --- Listed by the API in 2024, not in the 1,562-character list -----------------------
    1011495: ("Marvelman", "Mick Moran, a British reporter who becomes a flying powerhouse by saying a magic word; later known as Miracleman."),
}


def load(samples, name):
    with open(samples / name, encoding="utf-8") as handle:
        return json.load(handle)


def strip_query(url):
    return url.split("?", 1)[0].split("#", 1)[0]


def fold(name):
    """HeroName.folded: trimmed, case- and accent-insensitive."""
    name = name.strip(" \t\n\r\x0b\x0c")
    if name.isascii():
        return name.lower()
    decomposed = unicodedata.normalize("NFD", name)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c))).lower()


def utc(text):
    moment = datetime.strptime(text, "%Y-%m-%dT%H:%M:%S%z").astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S+0000")


def seconds(text):
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%S%z").timestamp())


def hex_digits(value, digits):
    return format(value, "0%dx" % digits)


def id_key(character_id):
    return (character_id & 0xFFFFFFFFFFFFFFFF) ^ (1 << 63)


HEADER_SIZE = 1024
MAGIC = "squad-catalogue 3"


def indexed(records):
    """The catalogue file's bytes (CatalogueFormat): header, records, id index, name index, and
    each count's known values in ascending order (the counts section of format 5, which ranks read)."""
    lines = []
    for record in records:
        line = {"k": fold(record["name"]), "src": "b"}
        line.update(record)
        lines.append((json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
    offsets = []
    offset = HEADER_SIZE
    for line in lines:
        offsets.append(offset)
        offset += len(line)
    records_range = [HEADER_SIZE, offset]
    ids = "".join(
        hex_digits(id_key(r["id"]), 16) + hex_digits(o, 12) + "\n"
        for r, o in sorted(zip(records, offsets), key=lambda pair: id_key(pair[0]["id"]))
    ).encode()
    names = "".join(hex_digits(o, 12) + "\n" for o in offsets).encode()
    ids_range = [offset, offset + len(ids)]
    names_range = [ids_range[1], ids_range[1] + len(names)]
    end = names_range[1]
    runs = [sorted(r[count] for r in records if r.get(count) is not None) for count in COUNTS]
    counts = "".join(hex_digits(value, 16) + "\n" for run in runs for value in run).encode()
    counts_range = [end, end + len(counts)]
    records_bytes = b"".join(lines)
    # FNV-1a (64-bit) of the records, so a stored catalogue can say which bundled set it includes.
    fingerprint = 0xCBF29CE484222325
    for byte in records_bytes:
        fingerprint = ((fingerprint ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    header = {
        "count": len(records), "records": records_range, "ids": ids_range, "names": names_range,
        "comics": [end, end], "comicIndex": [end, end], "comicCount": 0, "bundled": format(fingerprint, "x"),
        "heroes": {"bundled": len(records), "api": 0, "import": 0},
        "comicsByOrigin": {"bundled": 0, "api": 0, "import": 0},
        "counts": counts_range, "known": [len(run) for run in runs],
    }
    text = json.dumps(header, separators=(",", ":"))
    # Padded inside the JSON, so the line has no trailing spaces in the Swift source.
    pad = HEADER_SIZE - len(MAGIC) - 1 - len(text) - len(',"pad":""') - 1
    assert pad >= 0
    header_line = (MAGIC + "\n" + text[:-1] + ',"pad":"' + " " * pad + '"}' + "\n").encode()
    assert len(header_line) == HEADER_SIZE
    return header_line + records_bytes + ids + names + counts, format(fingerprint, "x")


def extract_samples(samples):
    """facts/samples.jsonl from a samples folder: per character, what the samples add to the CSV."""
    everyone = {int(c["id"]): c for c in load(samples, ALL_CHARACTERS)["characters"]}
    full = {}
    for name in FULL_RECORD_SAMPLES:
        document = load(samples, name)
        for record in document.get("data", document)["results"]:
            full[int(record["id"])] = record  # later (newer) captures win
    lines = []
    for character_id in sorted(set(everyone) | set(full)):
        detail = full.get(character_id)
        entry = {"id": character_id}
        thumbnail = (detail or everyone[character_id]).get("thumbnail") or {}
        if thumbnail.get("path") and not thumbnail["path"].endswith(PLACEHOLDER_SUFFIX):
            entry["thumbnail"] = {"path": thumbnail["path"], "extension": thumbnail["extension"]}
        if detail:
            if known_date(detail.get("modified")):
                entry["modified"] = utc(detail["modified"])
            for key in COUNTS:
                entry[key] = int(detail[key]["available"])
            urls = [{"type": u["type"], "url": strip_query(u["url"])} for u in detail.get("urls", [])]
            if urls:
                entry["urls"] = urls
        lines.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
    SAMPLE_FACTS.write_text("".join(lines), encoding="utf-8")
    print(f"wrote {len(lines)} characters ({len(full)} with full records) to {SAMPLE_FACTS}")


def records():
    """Every character's record, in the catalogue's order."""
    with open(FACTS, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    with open(SAMPLE_FACTS, encoding="utf-8") as handle:
        samples = {entry["id"]: entry for entry in map(json.loads, handle)}
    ids = {int(row["id"]) for row in rows}
    assert len(ids) == len(rows), "one row per id"
    missing = [i for i in set(DESCRIPTIONS) | set(samples) | set(MUST_INCLUDE) if i not in ids]
    assert not missing, f"ids not in {FACTS.name}: {missing}"

    result = []
    for row in rows:
        character_id = int(row["id"])
        name = row["name"].strip()
        expected, description = DESCRIPTIONS.get(character_id, (name, ""))
        assert expected == name, f"{character_id}: expected {expected!r}, the facts say {name!r}"
        known = samples.get(character_id, {})
        record = {"id": character_id, "name": name, "description": description}
        modified = utc(row["modified"]) if known_date(row["modified"]) else known.get("modified")
        # The CSV must be the newer capture for the merge rule above to hold.
        assert not (modified and known.get("modified", "") > modified), f"{character_id}: a sample is newer"
        if modified:
            record["modified"] = seconds(modified)
        if "thumbnail" in known:
            record["thumbnail"] = known["thumbnail"]
        for key in COUNTS:
            value = int(row[key]) if row[key] != "" else known.get(key)
            if value is not None:
                record[key] = value
        if known.get("urls"):
            record["urls"] = known["urls"]
        result.append(record)
    result.sort(key=lambda r: (fold(r["name"]).encode("utf-8"), r["id"]))
    return result


def swift_file(heroes):
    """The generated Swift source."""
    data, fingerprint = indexed(heroes)
    literal = data.decode("utf-8")
    assert '"""' not in literal and "\r" not in literal, "the catalogue must fit a raw string literal"
    return (
        "// Generated by scripts/tools/make-bundled-catalogue.py from public facts about Marvel characters\n"
        "// (ids, names, thumbnails, counts, dates, urls). Descriptions are our own words. Do not edit by hand.\n"
        "\n"
        "extension BundledCatalogue {\n"
        "  /// The bundled catalogue file (``CatalogueFormat``), searched in place where it lies in the binary.\n"
        "  /// The empty line before the closing delimiter keeps the file's final newline.\n"
        '  static let file: StaticString = #"""\n'
        + "".join("    " + line + "\n" if line else "\n" for line in literal.split("\n"))
        + '    """#\n'
        "\n"
        "  /// FNV-1a of the records, so a stored catalogue can say which bundled set it includes.\n"
        f'  public static let fingerprint = "{fingerprint}"\n'
        "}\n"
    ).encode("utf-8")


def main():
    parser = argparse.ArgumentParser(description="Write the bundled catalogue from scripts/tools/facts/.")
    parser.add_argument("--check", action="store_true", help="fail when the committed file is not what the facts make")
    parser.add_argument("--from-samples", metavar="DIR", type=Path, help="write facts/samples.jsonl from DIR first")
    args = parser.parse_args()
    if args.from_samples:
        extract_samples(args.from_samples)
    heroes = records()
    text = swift_file(heroes)
    if args.check:
        if OUTPUT.read_bytes() != text:
            sys.exit(f"{OUTPUT} is not what scripts/tools/make-bundled-catalogue.py makes of the facts; run it again")
        print(f"{OUTPUT.name} is what the facts make ({len(heroes)} heroes)")
        return
    OUTPUT.write_bytes(text)
    counted = sum(1 for h in heroes if "comics" in h)
    print(f"wrote {len(heroes)} heroes ({counted} with counts), {len(text)} bytes, to {OUTPUT}")


if __name__ == "__main__":
    main()
