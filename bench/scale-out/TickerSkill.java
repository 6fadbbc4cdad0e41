package dev.switchboard.bench.ticker;

import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.Skill;
import dev.switchboard.skill.TaskUpdater;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The skill bench/scale-out.sh adds to a copy of the WAR: it stores status updates over time, so
 * that a client of another instance has events to wait for. A message {@code ticks=N interval=MS
 * delay=MS} (routed by {@code metadata.skill = "bench-ticker"}) is answered with WORKING, then,
 * after the delay (time for the other client to subscribe), N WORKING updates {@code MS} apart,
 * each saying when it was handed to the store ({@code tick I at EPOCH_MICROS}), then COMPLETED.
 * The time is taken just before the update is stored, so a client's delay measured from it
 * includes the commit.
 */
public final class TickerSkill implements Skill, AgentExecutor {
    private static final Pattern SETTING = Pattern.compile("(ticks|interval|delay)=(\\d+)");

    @Override
    public AgentSkill descriptor() {
        return new AgentSkill("bench-ticker", "Benchmark ticker",
                "Stores timed status updates for the scale-out benchmark; not for production",
                List.of("benchmark"), List.of("ticks=10 interval=20 delay=200"), List.of("text/plain"),
                List.of("text/plain"));
    }

    @Override
    public AgentExecutor executor() {
        return this;
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) throws InterruptedException {
        String text = request.message().parts().isEmpty() ? null : request.message().parts().get(0).text();
        long ticks = 10;
        long interval = 20;
        long delay = 200;
        Matcher matcher = SETTING.matcher(text == null ? "" : text);
        while (matcher.find()) {
            long value = Long.parseLong(matcher.group(2));
            switch (matcher.group(1)) {
                case "ticks" -> ticks = value;
                case "interval" -> interval = value;
                default -> delay = value;
            }
        }
        updater.working();
        Thread.sleep(delay);
        for (long i = 1; i <= ticks && !updater.isCanceled(); i++) {
            updater.working("tick " + i + " at " + ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()));
            Thread.sleep(interval);
        }
        updater.complete("ticked " + ticks + " times");
    }
}
