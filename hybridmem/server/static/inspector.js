// hybridmem inspector: the quick filter of a user's tree (hides rows not containing the text).
// Everything else is plain server-rendered HTML; pages work without this file.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("tree-filter");
  const table = document.getElementById("tree");
  if (!box || !table) return;
  const rows = Array.from(table.tBodies[0].rows);
  box.addEventListener("input", () => {
    const needle = box.value.trim().toLowerCase();
    for (const row of rows) {
      const hide = needle !== "" && !row.textContent.toLowerCase().includes(needle);
      row.classList.toggle("hidden-by-filter", hide);
    }
  });
});
