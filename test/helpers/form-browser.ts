/** A browser's cookie jar and the portal's forms, for over-the-wire tests of the portal (no JavaScript needed). */

/** A browser's cookie jar, reduced to what these tests need. */
export class FormBrowser {
  readonly #base: string;
  readonly #password: string;

  constructor(base: string, password: string) {
    this.#base = base;
    this.#password = password;
  }

  cookies = new Map<string, string>();
  setCookies: string[] = [];

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${this.#base}${path}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.setCookies = response.headers.getSetCookie();
    for (const line of this.setCookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value === '') this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), value);
    }
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  }

  /** The CSRF token of the page's forms. */
  async csrf(path = '/portal'): Promise<string> {
    const { text } = await this.request(path);
    return /name="csrf" value="([^"]+)"/.exec(text)![1]!;
  }

  async signUp(email: string, password = this.#password) {
    const csrf = await this.csrf();
    return this.request('/portal/signup', { form: { email, password, csrf } });
  }

  async logIn(email: string, password: string) {
    const csrf = await this.csrf('/portal/login');
    return this.request('/portal/login', { form: { email, password, csrf } });
  }
}

/** The key a page shows once (data-testid="api-key"). */
export const keyIn = (text: string): string | undefined => /data-testid="api-key">(exlib_[A-Za-z0-9]{32})</.exec(text)?.[1];
