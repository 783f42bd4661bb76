import { DigitBubble, type DigitField } from './bubble';

const DIGITS = Array.from({ length: 10 }, (_, i) => i);

/** One labelled grid: a column of bubbles 0–9 per digit of the number, tens on the left. */
function DigitGrid({ label, field, columns }: { label: string; field: DigitField; columns: number }) {
  return (
    <div className="acs-digit-grid">
      <div className="acs-digit-grid-label">{label}</div>
      <div className="acs-digit-grid-columns">
        {Array.from({ length: columns }, (_, column) => (
          <div className="acs-digit-column" key={column}>
            {DIGITS.map((digit) => (
              <DigitBubble field={field} column={column} digit={digit} key={digit} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The header's grade (one digit), class and seat (two digits each) bubbles a print run fills. */
export function HeaderBubbleGrids() {
  return (
    <div className="acs-digit-grids">
      <DigitGrid label="年級" field="grade-bubble" columns={1} />
      <DigitGrid label="班級" field="class-bubble" columns={2} />
      <DigitGrid label="座號" field="seat-bubble" columns={2} />
    </div>
  );
}
