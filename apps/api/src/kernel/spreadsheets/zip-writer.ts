import { once } from "node:events";
import type { Writable } from "node:stream";
import { crc32, createDeflateRaw } from "node:zlib";

/**
 * A streaming ZIP writer for the list exports' XLSX files: each entry is deflated as it arrives
 * and described after its data (general purpose bit 3), so nothing is held in memory. No ZIP64:
 * an entry or archive past 4 GB is refused (a million-row sheet is about 400 MB of XML).
 */

const LIMIT = 0xffffffff;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(
    private readonly out: Writable,
    private readonly level = 1,
  ) {}

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  /** Adds one file, its content read from `source` (text is written as UTF-8). */
  async add(name: string, source: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): Promise<void> {
    const fileName = Buffer.from(name, "utf8");
    const start = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    header.writeUInt16LE(0x0808, 6); // sizes after the data; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.day, 12);
    header.writeUInt16LE(fileName.length, 26);
    await this.write(Buffer.concat([header, fileName]));

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: this.level });
    const pending: Buffer[] = [];
    deflate.on("data", (chunk: Buffer) => pending.push(chunk));
    const flush = async () => {
      while (pending.length > 0) {
        const chunk = pending.shift() as Buffer;
        compressed += chunk.length;
        await this.write(chunk);
      }
    };
    for await (const part of source) {
      const bytes = typeof part === "string" ? Buffer.from(part, "utf8") : part;
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, "drain");
      await flush();
    }
    const ended = once(deflate, "end");
    deflate.end();
    await ended;
    await flush();
    if (size > LIMIT || compressed > LIMIT) throw new Error(`${name} is too large for a ZIP without ZIP64`);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.entries.push({ name: fileName, crc: crc >>> 0, compressed, size, offset: start });
  }

  /** Writes the central directory and ends the output. */
  async finish(): Promise<void> {
    const directoryStart = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4); // made by 2.0
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.day, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([record, entry.name]));
    }
    const directorySize = this.offset - directoryStart;
    if (this.offset > LIMIT) throw new Error("The archive is too large for a ZIP without ZIP64");
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directorySize, 12);
    end.writeUInt32LE(directoryStart, 16);
    await this.write(end);
    this.out.end();
  }
}
