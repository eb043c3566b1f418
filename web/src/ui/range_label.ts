// The pager text of lists and tables: "1-25 of 25", "51-100 of 1,000+".
const number = new Intl.NumberFormat("en-US");

/**
 * `first` and `last` are 1-based positions of the rows shown; `total` is how
 * many there are (a string for an approximate total such as "1,000+").
 */
export function rangeLabel(first: number, last: number, total: number | string): string {
  const of = typeof total === "number" ? number.format(total) : total;
  if (last < first) return `0 of ${of}`;
  return `${number.format(first)}-${number.format(last)} of ${of}`;
}

/** A whole list shown at once (spec 1 §9: "1-n of n"). */
export const allRowsLabel = (count: number) => rangeLabel(1, count, count);
