// Reading the LoCoMo data set for the retrieval benchmarks (protocol: ../shared/data/README.md).

const MONTHS = { january: 0, february: 1, march: 2, april: 3, may: 4, june: 5, july: 6, august: 7, september: 8, october: 9, november: 10, december: 11 };

/** A session's date as LoCoMo writes it ("1:56 pm on 8 May, 2023") → ISO. */
export function sessionDate(s) {
  const m = /(\d+):(\d+)\s*(am|pm)\s+on\s+(\d+)\s+(\w+),?\s+(\d{4})/i.exec(s);
  if (!m) return new Date(Date.UTC(2023, 0, 1)).toISOString();
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return new Date(Date.UTC(Number(m[6]), MONTHS[m[5].toLowerCase()], Number(m[4]), h, Number(m[2]))).toISOString();
}

/** Evidence ids as listed, split and normalised ("D8:6; D9:17", "D:11:26" → "D11:26", "D30:05" → "D30:5"). */
export function evidenceIds(list) {
  const out = [];
  for (const raw of list ?? []) {
    for (const piece of String(raw).split(/[;,\s]+/)) {
      const m = /^D:?(\d+):0*(\d+)$/.exec(piece.trim());
      if (m) out.push(`D${Number(m[1])}:${Number(m[2])}`);
    }
  }
  return [...new Set(out)];
}
