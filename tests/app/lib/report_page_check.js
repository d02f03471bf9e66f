// Appended to a copy of a report's index.html by test_report_browser.sh: once the page has
// loaded, writes what Chromium laid out (images, tables, page width) as JSON into
// <pre id="meshdiff-check">, which `chromium --dump-dom` prints.
window.addEventListener('load', () => {
  const root = document.documentElement;
  const result = {viewport: root.clientWidth, scrollWidth: root.scrollWidth, images: [], tables: []};
  for (const img of document.images) {
    const box = img.getBoundingClientRect();
    result.images.push({src: img.getAttribute('src'), complete: img.complete, naturalWidth: img.naturalWidth,
                        naturalHeight: img.naturalHeight, left: box.left + window.scrollX,
                        top: box.top + window.scrollY, width: box.width, height: box.height});
  }
  for (const table of document.querySelectorAll('table')) {
    const box = table.getBoundingClientRect();
    const cells = [];
    for (const cell of table.querySelectorAll('td, th')) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
      cells.push({text: cell.textContent.trim(), column: cell.cellIndex, header: cell.tagName === 'TH', lines,
                  overflows: cell.scrollWidth > cell.clientWidth + 1,
                  fontSize: parseFloat(getComputedStyle(cell).fontSize)});
    }
    result.tables.push({id: table.id, left: box.left, right: box.right, cells});
  }
  const pre = document.createElement('pre');
  pre.id = 'meshdiff-check';
  pre.textContent = JSON.stringify(result);
  document.body.appendChild(pre);
});
