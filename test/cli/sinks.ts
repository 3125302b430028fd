// A CommandContext whose sinks collect text, for calling commands directly.
import type { CommandContext, Sink } from '../../src/cli/context.js';

export interface TextSink extends Sink {
  text: string;
}

export interface Captured extends CommandContext {
  out: TextSink;
  err: TextSink;
}

function textSink(): TextSink {
  const sink = {
    text: '',
    write(chunk: string) {
      sink.text += chunk;
      return true;
    },
  };
  return sink;
}

export function captured(overrides: Partial<Omit<CommandContext, 'out' | 'err'>> = {}): Captured {
  return { out: textSink(), err: textSink(), cwd: process.cwd(), env: {}, isTTY: false, ...overrides };
}

/** Non-empty lines of a sink's text. */
export function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

/** Whether text holds an ANSI escape sequence (colour). */
export function hasAnsi(text: string): boolean {
  return text.includes('\u001b[');
}

/** "WHERE: message" or "FILE:LINE:COL: message", as every known error is printed. */
export const ERROR_LINE = /^[^:]+(:\d+:\d+)?: .+/;
