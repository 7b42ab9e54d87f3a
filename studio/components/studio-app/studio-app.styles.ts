import { css } from 'lit';
import { narrowWindow, sharedStyles } from '../../styles/shared.styles.js';

export const studioAppStyles = [
  sharedStyles,
  css`
    :host {
      display: grid;
      grid-template-columns: 340px minmax(0, 1fr);
      grid-template-rows: auto minmax(0, 1fr);
      height: 100vh;
      background: var(--gc-bg);
    }
    header {
      grid-column: 1 / -1;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 1.2rem;
      padding: 0.6rem 1rem;
      border-bottom: 1px solid var(--gc-line);
      background: var(--gc-panel);
    }
    /* skip links: out of sight until the keyboard reaches them */
    .skip a {
      position: absolute;
      left: -9999px;
    }
    .skip a:focus {
      left: 1rem;
      top: 0.5rem;
      z-index: 10;
      padding: 0.45rem 0.8rem;
      border-radius: 6px;
      background: var(--gc-accent);
      color: var(--gc-bg);
      font-weight: 600;
    }
    gc-stage:focus-visible,
    .dock:focus-visible,
    gc-evidence-panel:focus-visible {
      outline: 2px solid var(--gc-accent);
      outline-offset: 2px;
    }
    h1 {
      margin: 0;
      font: 600 1.05rem/1 var(--gc-font-mono);
      letter-spacing: -0.02em;
      white-space: nowrap;
    }
    h1 span {
      color: var(--gc-accent);
    }
    h1 small {
      margin-left: 0.4rem;
      color: var(--gc-faint);
      font: 500 0.72rem var(--gc-font-ui);
      letter-spacing: 0.08em;
      text-transform: uppercase;
    }
    gc-source-bar {
      flex: 1 1 22rem;
    }
    aside {
      overflow-y: auto;
      padding: 0.9rem 0.9rem 2rem;
      border-right: 1px solid var(--gc-line);
      background: var(--gc-bg);
    }
    main {
      display: grid;
      /* the stage takes what the dock leaves, but never less than half the screen: when the
         dock wraps onto more rows (narrow windows) main scrolls instead of crushing the picture */
      grid-template-rows: minmax(max(300px, 50vh), 1fr) auto auto;
      /* one column no wider than main: a wide child (the transport's row) wraps instead */
      grid-template-columns: minmax(0, 1fr);
      gap: 0.7rem;
      min-width: 0;
      padding: 0.8rem 1rem 1rem;
      overflow-y: auto;
    }
    /* toasts over the page, at the bottom: a notice never moves the picture */
    .notices {
      position: fixed;
      z-index: 20;
      bottom: 1rem;
      left: 50%;
      transform: translateX(-50%);
      width: min(42rem, calc(100vw - 2rem));
      display: grid;
      /* a long word (an image address) wraps rather than widening the column past the window */
      grid-template-columns: minmax(0, 1fr);
      gap: 0.4rem;
      pointer-events: none;
    }
    .notices:empty {
      display: none;
    }
    .notice {
      pointer-events: auto;
      box-shadow: 0 6px 24px rgba(0, 0, 0, 0.45);
      display: flex;
      min-width: 0;
      align-items: flex-start;
      gap: 0.6rem;
      padding: 0.5rem 0.7rem;
      border: 1px solid var(--gc-line);
      border-left: 3px solid var(--gc-warn);
      border-radius: 6px;
      background: var(--gc-panel);
      font-size: 0.84rem;
    }
    .notice.error {
      border-left-color: var(--gc-bad);
    }
    .notice.info {
      border-left-color: var(--gc-accent);
    }
    .notice .action {
      min-height: 26px;
    }
    .notice p {
      flex: 1;
      min-width: 0;
      margin: 0;
      overflow-wrap: anywhere;
    }
    .monitor {
      display: grid;
      gap: 0.2rem;
      padding: 4px;
      border: 1px solid rgba(255, 255, 255, 0.12);
      border-radius: 6px;
      background: rgba(8, 11, 14, 0.8);
      color: var(--gc-faint);
      font-size: 0.68rem;
      text-align: center;
    }
    .monitor[hidden] {
      display: none;
    }
    .monitor video {
      display: block;
      width: 140px;
      border-radius: 3px;
    }
    .empty {
      display: grid;
      place-content: center;
      gap: 0.8rem;
      padding: 2rem;
      text-align: center;
      color: var(--gc-muted);
    }
    .empty pre {
      margin: 0 auto 0.6rem;
      color: var(--gc-accent);
      font: 12px/1.05 var(--gc-font-mono);
      opacity: 0.9;
    }
    .empty strong {
      color: var(--gc-text);
      font-size: 1.15rem;
      font-weight: 600;
    }
    .empty p {
      margin: 0;
    }
    aside .diagnostics {
      margin-top: 1.2rem;
      border-color: transparent;
      background: transparent;
      color: var(--gc-muted);
      font-size: 0.8rem;
    }
    aside .diagnostics[aria-pressed='true'] {
      color: var(--gc-accent);
    }
    .samples {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: 0.5rem;
      margin-bottom: 0.6rem;
    }
    /* touch screens neither drop files nor press Ctrl+V: the empty stage says what works there */
    .pointer-coarse {
      display: none;
    }
    @media (pointer: coarse) {
      .pointer-fine {
        display: none;
      }
      .pointer-coarse {
        display: block;
      }
    }
    kbd {
      padding: 0 0.35em;
      border: 1px solid var(--gc-line-strong);
      border-radius: 4px;
      font: 0.8em var(--gc-font-mono);
    }
    .dock {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr));
      gap: 0.7rem;
    }
    /* one fixed height, scrolled inside: a panel filling in (the Auto Director's evidence
       arrives a moment after the first frame) would otherwise shrink the stage and move the
       transport under a pointer about to take its thumb */
    .dock > * {
      height: 260px;
      overflow-y: auto;
      padding: 0.75rem 0.9rem;
      border: 1px solid var(--gc-line);
      border-radius: 8px;
      background: var(--gc-panel);
    }
    .source-name {
      color: var(--gc-muted);
      font-size: 0.78rem;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    /* phones and narrow windows: one column, the picture first, then the main controls, then
       the dock (main's parts become the page's, so the controls can come between them) */
    @media ${narrowWindow} {
      :host {
        grid-template-columns: minmax(0, 1fr);
        grid-template-rows: none;
        height: auto;
        min-height: 100vh;
      }
      main {
        display: contents;
      }
      gc-stage {
        order: 1;
        height: 46vh;
        min-height: 240px;
        margin: 0.5rem 0.5rem 0;
      }
      /* a stream's source monitor sits below the art: room for both, the controls still in view */
      gc-stage[monitor] {
        height: 56vh;
      }
      gc-transport {
        order: 2;
        margin: 0 0.5rem;
      }
      .dock {
        order: 4;
        margin: 0 0.5rem 4rem;
      }
      .monitor video {
        width: 96px;
      }
      .dock > * {
        height: auto;
        min-height: 170px;
      }
      aside {
        order: 3;
        overflow: visible;
        border-right: none;
        padding-top: 0.5rem;
      }
    }
  `,
];
