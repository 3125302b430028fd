// A file of a report folder as the renderers make it (src/report) and src/io writes it.

export interface ReportFile {
  /** A plain file name: a report folder has no subdirectories. */
  name: string;
  content: string | Uint8Array;
}
