// Asks for the password of an encrypted PDF and reopens it.
import { useEffect, useRef, useState } from 'react';
import { cancelPassword, openSource, useDocumentsStore } from '../../stores/documents-store.ts';
import { Dialog } from '../common/dialog.tsx';
import { OutsideText } from '../common/outside-text.tsx';

export function PasswordDialog() {
  const prompt = useDocumentsStore((s) => s.password);
  const [password, setPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Each answer (a wrong password is a new prompt) puts the cursor back in the field: the Open
  // button that had it is disabled once the field is emptied, which would drop focus to <body>.
  useEffect(() => {
    if (prompt) input.current?.focus();
  }, [prompt]);
  const close = () => {
    setPassword('');
    cancelPassword();
  };
  return (
    <Dialog open={prompt !== null} title="Password required" onClose={close}>
      {prompt ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const pw = password;
            setPassword('');
            input.current?.focus();
            void openSource(prompt.source, { password: pw, row: prompt.row });
          }}
        >
          <p>
            <strong>
              <OutsideText text={prompt.source.name} />
            </strong>{' '}
            is encrypted. Enter its password to open it.
          </p>
          {prompt.wrong ? (
            <p id="password-wrong" className="error-text" role="alert">
              That password is wrong. Try again.
            </p>
          ) : null}
          <label>
            Password
            <input
              ref={input}
              type="password"
              autoFocus
              aria-invalid={prompt.wrong || undefined}
              aria-describedby={prompt.wrong ? 'password-wrong' : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="off"
            />
          </label>
          <div className="dialog-buttons">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={password.length === 0}>
              Open
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
