/// <reference lib="dom" />
// The knobs as form controls: a menu for a choice, a slider over the listed values for the
// rest, each with its value written beside it. Every one is a native control, so a
// keyboard (Tab, arrows) and a screen reader use them as they use any form.
import { KNOBS, type Knob, type KnobOption, optionsWith } from './knobs.js';

interface Control {
  knob: Knob;
  input: HTMLInputElement | HTMLSelectElement;
  output: HTMLOutputElement;
  options: KnobOption[];
}

export class Controls {
  private readonly controls: Control[] = [];

  /** `onChange(path, text)`: the reader moved a knob to the value written `text`. */
  constructor(form: HTMLElement, onChange: (path: string, text: string) => void) {
    KNOBS.forEach((knob, i) => {
      const row = document.createElement('div');
      row.className = 'knob';
      const id = `knob-${i}`;
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = knob.label;
      label.title = knob.help;
      const input = knob.kind === 'choice' ? document.createElement('select') : document.createElement('input');
      input.id = id;
      input.name = knob.path;
      input.title = knob.help;
      if (input instanceof HTMLInputElement) {
        input.type = 'range';
        input.min = '0';
        input.step = '1';
      }
      const output = document.createElement('output');
      output.htmlFor.add(id);
      // An output is a live region: fourteen of them rewritten on every result would flood a
      // screen reader. The slider's own aria-valuetext says its value when it has the focus.
      output.setAttribute('aria-live', 'off');
      const control: Control = { knob, input, output, options: [...knob.options] };
      input.addEventListener('input', () => {
        const option = control.options[Number(input instanceof HTMLSelectElement ? input.selectedIndex : input.value)];
        if (option === undefined) return;
        output.textContent = option.label;
        if (input instanceof HTMLInputElement) input.setAttribute('aria-valuetext', option.label);
        onChange(knob.path, option.text);
      });
      row.append(label, input, output);
      form.append(row);
      this.controls.push(control);
    });
    // Usable before any result comes (and if the first is refused): each knob's own list.
    this.show(Object.fromEntries(KNOBS.map((knob) => [knob.path, knob.options[0] as KnobOption])));
  }

  /** Show the scenario's values (each knob's options gain the scenario's own if missing). */
  show(values: Readonly<Record<string, KnobOption>>): void {
    for (const control of this.controls) {
      const current = values[control.knob.path];
      if (current === undefined) continue;
      control.options = optionsWith(control.knob, current);
      const index = control.options.findIndex((o) => o.value === current.value);
      const { input } = control;
      if (input instanceof HTMLSelectElement) {
        if (
          input.options.length !== control.options.length ||
          Array.from(input.options).some((o, i) => o.value !== control.options[i]?.value)
        ) {
          input.replaceChildren(
            ...control.options.map((o) => {
              const option = document.createElement('option');
              option.value = o.value;
              option.textContent = o.label;
              return option;
            }),
          );
        }
        input.selectedIndex = index;
      } else {
        input.max = String(control.options.length - 1);
        input.value = String(index);
        input.setAttribute('aria-valuetext', current.label);
      }
      if (control.output.textContent !== current.label) control.output.textContent = current.label;
    }
  }

  /** In a mission only its knobs turn; the rest stay as its file sets them. */
  lock(allowed: readonly string[] | null): void {
    for (const { knob, input } of this.controls) {
      const locked = allowed !== null && !allowed.includes(knob.path);
      input.disabled = locked;
      input.closest('.knob')?.classList.toggle('locked', locked);
    }
  }
}
