// How many rows a downloaded export holds, counted in the file itself. The server streams the rows as it reads
// them, so no count it could send before the first byte (the list's total is estimated past 1,000 and rows may
// come and go while a long export runs) would be true; the file is.

const QUOTE = 0x22;
const LF = 0x0a;

/** Records of a CSV (the server's: CRLF lines, quoted cells may hold line breaks), the header line not counted. */
export function csvCounter() {
  let quoted = false;
  let lines = 0;
  return {
    add(bytes: Uint8Array) {
      for (const b of bytes) {
        if (b === QUOTE) quoted = !quoted;
        else if (b === LF && !quoted) lines++;
      }
    },
    rows: () => Math.max(0, lines - 1),
  };
}

const u16 = (v: DataView, at: number) => v.getUint16(at, true);
const u32 = (v: DataView, at: number) => v.getUint32(at, true);
const SHEET = 'xl/worksheets/sheet1.xml';

/** Rows of an .xlsx's first sheet, header row not counted: the zip's directory names where the sheet's
 * compressed XML lies, which is inflated as a stream and its `<row ` elements counted. */
export async function xlsxRows(file: Blob): Promise<number> {
  const tailSize = Math.min(file.size, 22 + 0xffff);
  const tail = new DataView(await file.slice(file.size - tailSize).arrayBuffer());
  let end = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (u32(tail, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip file');
  const entries = u16(tail, end + 10);
  const dirSize = u32(tail, end + 12);
  const dirAt = u32(tail, end + 16);
  const dir = new DataView(await file.slice(dirAt, dirAt + dirSize).arrayBuffer());
  const names = new TextDecoder();
  for (let i = 0, at = 0; i < entries; i++) {
    const nameLength = u16(dir, at + 28);
    const name = names.decode(new Uint8Array(dir.buffer, at + 46, nameLength));
    if (name === SHEET) {
      const method = u16(dir, at + 10);
      const size = u32(dir, at + 20);
      const local = u32(dir, at + 42);
      const head = new DataView(await file.slice(local, local + 30).arrayBuffer());
      const dataAt = local + 30 + u16(head, 26) + u16(head, 28);
      const data = file.slice(dataAt, dataAt + size).stream();
      const xml = method === 8 ? data.pipeThrough(new DecompressionStream('deflate-raw')) : data;
      return Math.max(0, (await countRowTags(xml)) - 1);
    }
    at += 46 + nameLength + u16(dir, at + 30) + u16(dir, at + 32);
  }
  throw new Error('no sheet in the file');
}

const ROW = new TextEncoder().encode('<row ');

/** Occurrences of `<row ` in a byte stream, across chunk boundaries. */
async function countRowTags(stream: ReadableStream<Uint8Array>): Promise<number> {
  let n = 0;
  let matched = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    for (const b of value) {
      matched = b === ROW[matched] ? matched + 1 : b === ROW[0] ? 1 : 0;
      if (matched === ROW.length) {
        n++;
        matched = 0;
      }
    }
  }
}
