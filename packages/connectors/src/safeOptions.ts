export interface SafeOptions {
  /** Safe{Wallet} origins the page accepts as its host (the SDK's allowedDomains); any when absent. */
  allowedDomains?: readonly RegExp[];
  /** How long the host frame has to answer before the page counts as not inside Safe{Wallet} (default 1000 ms). */
  timeoutMs?: number;
}
