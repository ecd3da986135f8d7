/** The part of node-polyglot (a dependency of react-admin's ra-i18n-polyglot, without types) the tests use. */
declare module "node-polyglot" {
  export default class Polyglot {
    constructor(options: { locale?: string; phrases?: object; warn?: (message: string) => void });
    t(key: string, options?: Readonly<Record<string, unknown>> | number): string;
  }
}
