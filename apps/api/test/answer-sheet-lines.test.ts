import { describe, expect, it } from "vitest";
import { sheetLines } from "../src/domains/results/sheet-format";
import { fileLines } from "../src/domains/results/staging";

/** The stored file as storage streams it: cut into chunks of `size` bytes, wherever that falls. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function linesOf(text: string, size: number): Promise<string[]> {
  const lines: string[] = [];
  for await (const batch of fileLines(chunked(new TextEncoder().encode(text), size))) lines.push(...batch);
  return lines;
}

describe("an answer-sheet file read as it streams (decision 047)", () => {
  const files = [
    "\uFEFFMH0800001,L1-VIII-U,A,B\r\nMH0800002,L1-VIII-U,C,D\r\n",
    "MH0800001,L1-VIII-U,A,B\nMH0800002,L1-VIII-U,C,D",
    "\n\nMH08, नाम ,A\r\n\r\nlast line without an end",
    "\uFEFF",
    "",
  ];
  it("numbers the lines as the whole file read at once does, wherever the chunks are cut", async () => {
    for (const text of files) {
      // Cuts inside a CR LF pair, inside a multi-byte character and inside the byte-order mark.
      for (const size of [1, 2, 3, 5, 7, 64 * 1024]) {
        expect({ text, size, lines: await linesOf(text, size) }).toEqual({ text, size, lines: sheetLines(text) });
      }
    }
  });
});
