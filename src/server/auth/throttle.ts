import type { Redis } from 'ioredis';
import { SIGN_IN_THROTTLE } from '../../shared/limits';
import { AppError } from '../errors/app-error';

/**
 * Counts failed sign-ins per account (school code + account) and per client address in Redis,
 * in a fixed window; past the limit every attempt is refused until the window ends.
 */
export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keys(code: string, account: string, address: string) {
    return {
      account: `${this.prefix}:signin:acct:${code.toLowerCase()}:${account.toLowerCase()}`,
      address: `${this.prefix}:signin:addr:${address}`,
    };
  }

  async assertAllowed(code: string, account: string, address: string): Promise<void> {
    const keys = this.keys(code, account, address);
    const [acct, addr] = await this.redis.mget(keys.account, keys.address);
    if (Number(acct) >= SIGN_IN_THROTTLE.perAccount) await this.refuse(keys.account, 'auth.throttledAccount');
    if (Number(addr) >= SIGN_IN_THROTTLE.perAddress) await this.refuse(keys.address, 'auth.throttledAddress');
  }

  async recordFailure(code: string, account: string, address: string): Promise<void> {
    const keys = this.keys(code, account, address);
    const window = SIGN_IN_THROTTLE.windowSeconds;
    await this.redis.multi().incr(keys.account).expire(keys.account, window, 'NX').incr(keys.address).expire(keys.address, window, 'NX').exec();
  }

  async recordSuccess(code: string, account: string, address: string): Promise<void> {
    await this.redis.del(this.keys(code, account, address).account);
  }

  private async refuse(key: string, message: 'auth.throttledAccount' | 'auth.throttledAddress'): Promise<never> {
    const ttl = await this.redis.ttl(key);
    throw new AppError('TOO_MANY_REQUESTS', message, { minutes: Math.max(1, Math.ceil(ttl / 60)) });
  }
}
