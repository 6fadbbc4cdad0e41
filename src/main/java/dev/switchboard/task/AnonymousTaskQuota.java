package dev.switchboard.task;

import dev.switchboard.security.AddressBlock;
import dev.switchboard.security.Decision;
import dev.switchboard.security.LimitExceeded;
import dev.switchboard.security.Limits;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.ServerCallContext;
import java.time.Clock;

/**
 * How many tasks an anonymous caller may start: counted per address block, which it cannot
 * change by presenting another caller key or dropping its cookie. Key holders and the operator are
 * bounded by their request limits alone.
 */
public final class AnonymousTaskQuota implements TaskQuota {
    private final RateLimiter starts;

    private AnonymousTaskQuota(RateLimiter starts) {
        this.starts = starts;
    }

    /** @param perMinute tasks per minute per address block; 0 for no bound */
    public static TaskQuota perMinute(int perMinute, Clock clock) {
        return perMinute == 0 ? TaskQuota.NONE
                : new AnonymousTaskQuota(new RateLimiter(Limits.perMinute(perMinute, 0, 0), clock));
    }

    @Override
    public void admit(ServerCallContext call) {
        if (!call.isAnonymous()) {
            return;
        }
        Decision decision = starts.check(AddressBlock.of(call.clientAddress()), Tier.PUBLIC);
        if (!decision.allowed()) {
            throw new LimitExceeded("TASK_QUOTA", "Too many new tasks from your address: retry in "
                    + decision.retryAfterSeconds() + " s", decision.retryAfterSeconds());
        }
    }
}
