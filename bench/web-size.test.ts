import { describe, expect, it } from 'vitest';
import { firstLoadScripts } from './web-size.ts';

describe('firstLoadScripts', () => {
  it('when index.html has an entry script and modulepreloads, then all of them are the first load', () => {
    const html = `<!doctype html><head>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-def.js">
      <link rel="stylesheet" href="/assets/index-1.css">
      <link rel="icon" href="/favicon.svg"></head>`;
    expect(firstLoadScripts(html)).toEqual(['assets/index-abc.js', 'assets/react-def.js']);
  });

  it('when a script is external, then it is not counted as ours', () => {
    expect(firstLoadScripts('<script src="https://cdn.example/x.js"></script>')).toEqual([]);
  });
});
