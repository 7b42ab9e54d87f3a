import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const paramFieldStyles = [
  sharedStyles,
  css`
    :host {
      display: block;
      padding: 0.45rem 0;
    }
    .head {
      display: flex;
      align-items: center;
      gap: 0.5rem;
    }
    label {
      flex: 1;
      font-size: 0.86rem;
      font-weight: 500;
    }
    .name {
      color: var(--gc-faint);
      font-size: 0.72rem;
      margin-left: 0.35em;
      font-weight: 400;
    }
    input[type='number'] {
      width: 5.2rem;
      text-align: right;
      font-family: var(--gc-font-mono);
      font-size: 0.8rem;
    }
    input[type='range'] {
      display: block;
      width: 100%;
      margin: 0.3rem 0 0.1rem;
    }
    select {
      width: 100%;
      margin-top: 0.3rem;
    }
    .color {
      display: flex;
      gap: 0.4rem;
      margin-top: 0.3rem;
    }
    .color input[type='text'] {
      flex: 1;
      font-family: var(--gc-font-mono);
    }
    input[type='color'] {
      width: 40px;
      height: 30px;
      padding: 0;
      border: 1px solid var(--gc-line);
      border-radius: var(--gc-radius);
      background: none;
    }
    .switch {
      display: flex;
      align-items: center;
      gap: 0.55rem;
      flex: 1;
      cursor: pointer;
    }
    .switch input {
      width: 16px;
      height: 16px;
      margin: 0;
    }
    .help {
      margin: 0.15rem 0 0;
      color: var(--gc-muted);
      font-size: 0.75rem;
    }
    .help .mono {
      color: var(--gc-faint);
    }
    .tuned {
      margin: 0.2rem 0 0;
      color: var(--gc-accent);
      font-size: 0.75rem;
    }
    .error {
      margin: 0.25rem 0 0;
      color: var(--gc-bad);
      font-size: 0.75rem;
    }
    :host([changed]) label,
    :host([changed]) .switch {
      color: var(--gc-accent);
    }
  `,
];
