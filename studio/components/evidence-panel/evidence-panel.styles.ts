import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const evidencePanelStyles = [
  sharedStyles,
  css`
    details > summary {
      cursor: pointer;
      margin: 0.5rem 0 0.3rem;
      color: var(--gc-muted);
      font-size: 0.82rem;
    }
    .verdict {
      margin: 0.3rem 0;
    }
    :host {
      display: block;
    }
    section + section {
      margin-top: 0.9rem;
    }
    h3 {
      display: flex;
      align-items: center;
      gap: 0.5rem;
      margin: 0 0 0.4rem;
      font-size: 0.86rem;
      font-weight: 600;
    }
    .badge {
      padding: 0.05rem 0.45rem;
      border-radius: 999px;
      font-size: 0.7rem;
      font-weight: 600;
      letter-spacing: 0.02em;
    }
    .badge.met {
      background: rgba(134, 239, 172, 0.12);
      color: var(--gc-good);
    }
    .badge.best {
      background: rgba(252, 211, 77, 0.12);
      color: var(--gc-warn);
    }
    table {
      width: 100%;
      border-collapse: collapse;
      font-size: 0.78rem;
    }
    th {
      text-align: left;
      font-weight: 500;
      color: var(--gc-muted);
    }
    th,
    td {
      padding: 0.2rem 0.3rem 0.2rem 0;
      border-bottom: 1px solid var(--gc-line);
    }
    td.num {
      font-family: var(--gc-font-mono);
      text-align: right;
    }
    .met {
      color: var(--gc-good);
    }
    .missed {
      color: var(--gc-warn);
    }
    p,
    li {
      margin: 0.2rem 0;
      color: var(--gc-muted);
      font-size: 0.78rem;
    }
    ul {
      margin: 0.3rem 0 0;
      padding-left: 1rem;
    }
    .glyphs {
      display: block;
      max-width: 100%;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: pre;
      color: var(--gc-text);
    }
    dl {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 0.15rem 0.8rem;
      margin: 0;
      font-size: 0.78rem;
    }
    dt {
      color: var(--gc-muted);
    }
    dd {
      margin: 0;
      font-family: var(--gc-font-mono);
      min-width: 0;
    }
  `,
];
