// A stylised answer card for the brand panel: rows of bubbles, a few of them filled.
const ROWS = 6;
const OPTIONS = ['A', 'B', 'C', 'D'];
const FILLED = [1, 3, 0, 2, 2, 0];

export function CardIllustration() {
  return (
    <div aria-hidden="true" className="mx-auto w-64 rotate-[-4deg] rounded-xl bg-white p-5 text-orange-500 shadow-2xl">
      <div className="mb-4 flex items-center justify-between">
        <div className="h-2.5 w-24 rounded bg-orange-200" />
        <div className="flex gap-0.5">
          {[3, 1, 2, 1, 3, 2, 1].map((w, i) => (
            <div key={i} className="h-5 bg-neutral-800" style={{ width: w * 1.5 }} />
          ))}
        </div>
      </div>
      <div className="grid gap-2.5">
        {Array.from({ length: ROWS }, (_, row) => (
          <div key={row} className="flex items-center gap-3">
            <span className="w-4 text-end text-xs font-semibold text-neutral-400">{row + 1}</span>
            {OPTIONS.map((label, option) => (
              <span
                key={label}
                className={
                  option === FILLED[row]
                    ? 'flex size-6 items-center justify-center rounded-full bg-orange-500 text-[10px] text-white'
                    : 'flex size-6 items-center justify-center rounded-full border border-orange-300 text-[10px] text-orange-400'
                }
              >
                {label}
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
