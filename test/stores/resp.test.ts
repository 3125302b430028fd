// The bounded readers of what a server sends: Redis replies (RESP2) and Postgres message
// framing. Whatever the chunking, the same replies; at the first byte that breaks the
// protocol or a limit, one ProtocolError saying what was wrong.
import { describe, expect, it } from 'vitest';
import { ProtocolError, ReplyError, RespReader, type Reply } from '../../src/stores/resp.js';
import { PostgresFraming, PostgresProtocolError } from '../../src/stores/postgres-guard.js';

function read(bytes: Buffer, chunk = bytes.length): Reply[] {
  const replies: Reply[] = [];
  const reader = new RespReader((reply) => replies.push(reply));
  for (let at = 0; at < bytes.length; at += chunk) reader.push(bytes.subarray(at, at + chunk));
  return replies;
}

const REPLIES = Buffer.from(
  '+OK\r\n-ERR wrong\r\n:42\r\n:-1\r\n$5\r\nhello\r\n$0\r\n\r\n$-1\r\n*-1\r\n*0\r\n*2\r\n$1\r\n0\r\n*2\r\n$3\r\na|b\r\n$4\r\nc\r\nd\r\n',
);

describe('RespReader', () => {
  it('reads every RESP2 reply the same whatever the chunks: one byte at a time or all at once', () => {
    const whole = read(REPLIES);
    expect(whole).toEqual([
      'OK',
      new ReplyError('ERR wrong'),
      42,
      -1,
      'hello',
      '',
      null,
      null,
      [],
      ['0', ['a|b', 'c\r\nd']],
    ]);
    expect((whole[1] as ReplyError).message).toBe('ERR wrong');
    for (const chunk of [1, 2, 3, 7]) expect(read(REPLIES, chunk)).toEqual(whole);
  });

  it.each([
    ['a byte no reply begins with', 'HTTP/1.1 400 Bad Request\r\n', /began with the byte 0x48 'H'/],
    ['a length over the cap', '$2000000000\r\n', /announced a reply of 2,000,000,000 bytes, over the 8 MiB/],
    ['an array of too many elements', '*99999999\r\n', /an array of 99,999,999 elements/],
    ['a line that never ends', `+${'x'.repeat(70_000)}`, /ran past 64 KiB without ending/],
    ['a length that is not a number', '$abc\r\n', /not a number/],
    ['a bulk string longer than it said', '$2\r\nabc\r\n', /did not end with CR LF/],
    ['a line ended by LF alone', '+OK\n', /without CR LF/],
  ])('refuses %s', (_, text, message) => {
    expect(() => read(Buffer.from(text, 'binary'))).toThrow(ProtocolError);
    expect(() => read(Buffer.from(text, 'binary'))).toThrow(message);
  });

  it('refuses a reply that grows past 8 MiB in small elements, without waiting for its end', () => {
    const reader = new RespReader(() => undefined);
    reader.push(Buffer.from('*1000000\r\n'));
    const element = Buffer.from(`$1000\r\n${'x'.repeat(1000)}\r\n`.repeat(100));
    expect(() => {
      for (let i = 0; i < 100; i++) reader.push(element);
    }).toThrow(/ran past 8 MiB/);
  });
});

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type);
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

describe('PostgresFraming', () => {
  const session = Buffer.concat([
    message('R', Buffer.alloc(4)),
    message('S', Buffer.from('server_version\u000017.4\u0000')),
    message('N', Buffer.from('SNOTICE\u0000Mhello\u0000\u0000')),
    message('Z', Buffer.from('I')),
  ]);

  it('passes a real exchange, in any chunks', () => {
    for (const chunk of [1, 3, session.length]) {
      const framing = new PostgresFraming();
      for (let at = 0; at < session.length; at += chunk) framing.push(session.subarray(at, at + chunk));
    }
  });

  it.each([
    ['a type byte no message has', Buffer.from('<html>'), /began with the byte 0x3c '<'/],
    ['a length over the cap', Buffer.from([0x52, 0x7f, 0xff, 0xff, 0xf0]), /message of 2,147,483,632 bytes/],
    ['a length under 4', Buffer.from([0x52, 0, 0, 0, 2]), /gave its length as 2/],
    ['a notice without its closing NUL', message('N', Buffer.from('Mhello')), /did not end its fields/],
    [
      'an error with bytes after its closing NUL',
      message('E', Buffer.from('Mx\u0000\u0000y')),
      /did not end its fields/,
    ],
  ])('refuses %s', (_, bytes, text) => {
    expect(() => new PostgresFraming().push(bytes)).toThrow(PostgresProtocolError);
    expect(() => new PostgresFraming().push(bytes)).toThrow(text);
  });

  it('refuses a reply of valid messages that runs past 32 MiB before ReadyForQuery', () => {
    const framing = new PostgresFraming();
    const rows = Buffer.concat(Array.from({ length: 1000 }, () => message('D', Buffer.alloc(1000))));
    expect(() => {
      for (let i = 0; i < 40; i++) framing.push(rows);
    }).toThrow(/ran past 32 MiB/);
  });

  it("after an SSLRequest, a lone 'S' hands the stream to TLS; without one it is a message's first byte", () => {
    const tls = new PostgresFraming();
    tls.sslRequested = true;
    tls.push(Buffer.from('S'));
    tls.push(Buffer.from([0x16, 0x03, 0x03, 0x00, 0x7a]));
    const plain = new PostgresFraming();
    plain.push(Buffer.from('S'));
    expect(() => plain.push(Buffer.from([0x16, 0x03, 0x03, 0x00, 0x7a]))).toThrow(/message of 369,296,128 bytes/);
  });

  it('counts each reply from ReadyForQuery on: many small replies are not one large one', () => {
    const framing = new PostgresFraming();
    const reply = Buffer.concat([
      ...Array.from({ length: 1000 }, () => message('D', Buffer.alloc(1000))),
      message('Z', Buffer.from('I')),
    ]);
    for (let i = 0; i < 100; i++) framing.push(reply);
  });
});
