// A streaming RFC 4180 reader: text goes in chunk by chunk (push), records come out (onRow) with the physical
// line each starts on. Quoted values may hold commas, doubled quotes and line ends; a UTF-8 BOM is skipped;
// LF, CRLF and a lone CR all end a record. Memory stays bounded whatever the input: a value longer than
// maxFieldLength is cut (and the record flagged), cells past maxFields are counted but not kept.

export interface CsvRecord {
  /** Physical line (1-based) on which the record starts. */
  line: number;
  /** The cells, at most maxFields of them, each at most maxFieldLength characters. */
  fields: string[];
  /** How many cells the record really has. */
  fieldCount: number;
  /** A cell was longer than maxFieldLength. */
  overlong: boolean;
  /** The file ended inside a quoted value. */
  unterminated: boolean;
}

export interface CsvLimits {
  maxFieldLength: number;
  maxFields: number;
}

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted value: the next character says whether it was doubled or closed the value. */
  QuoteInQuoted,
}

export class CsvParser {
  private state = State.FieldStart;
  private fields: string[] = [];
  private fieldCount = 0;
  private field = '';
  private overlong = false;
  private line = 1;
  private recordLine = 1;
  private skipLf = false;
  private first = true;
  private recordStarted = false;
  /** The last character inside a quoted value was a CR (its LF, if next, is the same line end). */
  private quotedCr = false;

  constructor(
    private readonly limits: CsvLimits,
    private readonly onRow: (record: CsvRecord) => void,
  ) {}

  private append(text: string) {
    if (!text) return;
    const room = this.limits.maxFieldLength - this.field.length;
    if (text.length > room) {
      this.overlong = true;
      if (room > 0) this.field += text.slice(0, room);
    } else {
      this.field += text;
    }
  }

  private endField() {
    if (this.fieldCount < this.limits.maxFields) this.fields.push(this.field);
    this.fieldCount++;
    this.field = '';
    this.state = State.FieldStart;
  }

  private endRecord(unterminated = false) {
    this.endField();
    const blank = this.fieldCount === 1 && this.fields[0] === '' && !this.recordStarted;
    if (!blank) {
      this.onRow({
        line: this.recordLine,
        fields: this.fields,
        fieldCount: this.fieldCount,
        overlong: this.overlong,
        unterminated,
      });
    }
    this.fields = [];
    this.fieldCount = 0;
    this.overlong = false;
    this.recordStarted = false;
  }

  /** A record ends at a line end (outside quotes); a CR's LF, if next, belongs to it. */
  private lineEnd(c: number) {
    this.endRecord();
    this.line++;
    this.recordLine = this.line;
    this.skipLf = c === 13;
  }

  /** 1 when the input starts with a byte order mark (skipped), else 0. */
  private bomLength(chunk: string): number {
    if (!this.first || !chunk.length) return 0;
    this.first = false;
    return chunk.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /** Feeds the next piece of text (as decoded; a record may span any number of pieces). */
  push(chunk: string): void {
    let i = this.bomLength(chunk);
    const n = chunk.length;
    let segment = i; // start of the run of plain characters not yet appended to this.field
    while (i < n) {
      const c = chunk.charCodeAt(i);
      if (this.skipLf) {
        this.skipLf = false;
        if (c === 10) {
          i++;
          segment = i;
          continue;
        }
      }
      switch (this.state) {
        case State.FieldStart:
          if (c === 34) {
            this.state = State.Quoted;
            this.recordStarted = true;
            this.quotedCr = false;
            segment = i + 1;
          } else if (c === 44) {
            this.recordStarted = true;
            this.endField();
            segment = i + 1;
          } else if (c === 10 || c === 13) {
            this.lineEnd(c);
            segment = i + 1;
          } else {
            this.state = State.Unquoted;
            this.recordStarted = true;
            segment = i;
          }
          break;
        case State.Unquoted:
          if (c === 44) {
            this.append(chunk.slice(segment, i));
            this.endField();
            segment = i + 1;
          } else if (c === 10 || c === 13) {
            this.append(chunk.slice(segment, i));
            this.lineEnd(c);
            segment = i + 1;
          }
          break;
        case State.Quoted:
          if (c === 34) {
            this.append(chunk.slice(segment, i));
            this.state = State.QuoteInQuoted;
            segment = i + 1;
          } else if (c === 13 || (c === 10 && !this.quotedCr)) {
            this.line++;
          }
          this.quotedCr = c === 13;
          break;
        case State.QuoteInQuoted:
          if (c === 34) {
            // a doubled quote: one quote in the value
            this.append('"');
            this.state = State.Quoted;
            this.quotedCr = false;
            segment = i + 1;
          } else if (c === 44) {
            this.endField();
            segment = i + 1;
          } else if (c === 10 || c === 13) {
            this.lineEnd(c);
            segment = i + 1;
          } else {
            // text after a closing quote (not RFC 4180): kept as part of the value
            this.state = State.Unquoted;
            segment = i;
          }
          break;
      }
      i++;
    }
    if (this.state === State.Unquoted || this.state === State.Quoted) this.append(chunk.slice(segment, n));
  }

  /** The end of the input: the last record, even without a line end. */
  end(): void {
    if (this.state === State.Quoted) {
      this.endRecord(true);
      return;
    }
    if (this.state !== State.FieldStart || this.recordStarted || this.field !== '') this.endRecord();
  }
}
