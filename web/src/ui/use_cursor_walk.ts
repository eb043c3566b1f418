// Keyset paging on the server, walked forward and back: the cursors of the pages
// seen so far. Other filters (a new key) start again at page one.
import { useState } from "react";

export function useCursorWalk(key: string) {
  const [walk, setWalk] = useState<{ key: string; cursors: (string | null)[] }>({ key, cursors: [null] });
  const cursors = walk.key === key ? walk.cursors : [null];
  const pageIndex = cursors.length - 1;
  return {
    /** The cursor of the page shown (null for the first). */
    cursor: cursors[pageIndex],
    pageIndex,
    previous: () => setWalk({ key, cursors: cursors.slice(0, -1) }),
    /** Goes to the page after this one, when there is one. */
    next: (nextCursor: string | null | undefined) => {
      if (nextCursor) setWalk({ key, cursors: [...cursors, nextCursor] });
    },
  };
}
