"""A pytest plugin that lets the main TCK line's push tests wait for their own notification.

test_send_message_with_push_notification_config and its streaming twin share one webhook
receiver for the whole session (a session-scoped fixture). Each sends a message with a push
config, then calls wait_for_notification(timeout=10.0), which returns as soon as the receiver
holds *any* notification, and looks for its own task among them at once. From the second such
test on, the earlier tests' notifications are already there, so the wait returns at once and the
test passes only if its own task's notification arrived within the round trip of one
ListTaskPushNotificationConfigs: a race with asynchronous delivery, which the tests themselves
allow ("the SUT may send notifications asynchronously"), not a check of it.

Loaded (PYTEST_PLUGINS=tck_notification_wait, this folder on PYTHONPATH; scripts/tck-harness.sh
writes both into target/tck/plugins.env and auth.env), it gives the look for the task's
notification the ten seconds the test grants the wait: it fails, as before, when no notification
of that task arrives in that time. Test modules without that helper are left alone, so it is
inert on the 0.3 and 1.0-dev lines.
"""

import sys
import time

_HELPER = "find_push_notification_for_task_id"
_WAIT_SECONDS = 10.0  # what the tests give wait_for_notification
_POLL_SECONDS = 0.05


def _waiting(look):
    def find(task_id, webhook):
        deadline = time.monotonic() + _WAIT_SECONDS
        while not look(task_id, webhook):
            if time.monotonic() >= deadline:
                return False
            time.sleep(_POLL_SECONDS)
        return True

    find.waits_for_own_notification = True
    return find


def pytest_collection_modifyitems(config, items):
    for module in {getattr(item, "module", None) for item in items}:
        look = getattr(module, _HELPER, None)
        if callable(look) and not getattr(look, "waits_for_own_notification", False):
            setattr(module, _HELPER, _waiting(look))
            print(f"tck_notification_wait: {module.__name__} waits for its own task's notification",
                  file=sys.stderr)
