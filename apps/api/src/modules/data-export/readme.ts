/**
 * README.txt of an export (decision 057): what each file holds, in words an owner or a parent reads.
 */

const COMMON = `All files are CSV (UTF-8, comma-separated, one header row): they open in Excel, Numbers or
Google Sheets. Money is in dollars (1234.50; a minus sign for a credit), dates are YYYY-MM-DD.
A text that a spreadsheet would run as a formula starts with an apostrophe.`;

const CARDS = `cards.csv          The cards on file: brand, last four digits and expiry. Card numbers never
                   leave the card processor, so they are not here (nor anywhere in Pirouette).`;

export const STUDIO_README = (studio: string, day: string) => `${studio}: everything, exported on ${day}

${COMMON}

families.csv       Each family: its parent, e-mail, phone, address, status this term, and balance
                   (what it owes; negative when the studio owes it, credit counted).
contacts.csv       The grown-ups of each family: users (parents who sign in) and contacts.
dancers.csv        Each dancer: family, name, date of birth, gender.
classes.csv        Each class of every term: day, times, location, room, teacher, ages, level,
                   places and monthly price.
enrolments.csv     Each dancer in a class: from, to, dropped, state, monthly price.
ledger.csv         Every entry of every family's account, oldest first: date, family, kind,
                   words, amount (+ owed, - paid), credit moved, and what a payment paid.
payments.csv       Every payment received: date, family, method, reference, amount.
costumes.csv       Each costume assigned to a dancer, with its order when ordered.
competitions.csv   Each dancer entered at a competition: event, entry, dance number, fee.
recital-shows.csv  Each recital's shows and their running orders: place, dance number, class.
recital-tickets.csv
                   Each recital ticket sold or refunded: show, seat, price, order, buyer, when
                   it was used at the door.
${CARDS}
pirouette.json     The whole studio in one document (format "pirouette-studio", version 1):
                   settings, locations and rooms, teachers, the current term with its class
                   prices and classes, families with their people and dancers, enrolments and
                   balances. Upload it to a new Pirouette studio (Import) to move in whole;
                   importing it twice changes nothing.
`;

export const FAMILY_README = (
  studio: string,
  day: string,
) => `Our family's data at ${studio}, exported on ${day}

${COMMON}

family.csv         Our family: parent, e-mail, phone, address, status, balance.
people.csv         Our users (who sign in) and contacts.
dancers.csv        Our dancers.
classes.csv        Our dancers' classes: day, times, room, teacher, from, to, monthly price.
statement.csv      Our statement, from the first entry to today: each charge and payment,
                   explained, with the balance after it.
payments.csv       Every payment we made.
costumes.csv       Our dancers' costumes.
competitions.csv   Our dancers' competition entries.
recital-tickets.csv
                   The recital tickets we bought: show, seat, price, order.
${CARDS}
`;
