# The tests' spawner (test/spawner.ts): runs the commands a test worker asks for, so that the worker
# (a Node process of 100+ MB) does not fork for each git call. Node 20's libuv forks, and a fork copies
# the parent's page tables (the child then tears them down at exec): about 28 ms of CPU a `git
# --version` from a test worker against 13 ms from here, where subprocess starts the child with vfork.
# Requests: one JSON line each on the first FIFO; answers: 4-byte big-endian length + JSON on the second.
# It exits when the worker closes the request FIFO (the worker ended, however it ended).
import base64, json, os, resource, struct, subprocess, sys

# bench: GIT_MEMORY_TEST_SPAWNER_COUNT names a file that gets one line a command (how many ran here)
# and, at the end, a line `#cpu S`: the CPU seconds of this process and its children. The worker does
# not wait for this process, so a /usr/bin/time around vitest does not count them: add them.
count = os.environ.get('GIT_MEMORY_TEST_SPAWNER_COUNT')

req = open(sys.argv[1], 'rb')
res = open(sys.argv[2], 'wb', buffering=0)
def answer(body):
    # A write to a pipe may take part of the bytes: the worker reads exactly the length it was told.
    view = memoryview(struct.pack('>I', len(body)) + body)
    while view:
        view = view[res.write(view):]

for line in req:
    # Nothing a request holds may end this process (the worker would lose every later command): a bad
    # argument (a NUL byte) or any other failure is that one command's error.
    try:
        m = json.loads(line)
        if count:
            with open(count, 'a') as f:
                f.write(os.path.basename(m['file']) + '\n')
        p = subprocess.run([m['file']] + m['args'], cwd=m['cwd'], env=m['env'],
                           input=base64.b64decode(m['input']), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = {'status': p.returncode, 'stdout': base64.b64encode(p.stdout).decode(), 'stderr': base64.b64encode(p.stderr).decode()}
    except OSError as e:
        out = {'error': e.strerror or str(e), 'errno': e.errno or 0}
    except Exception as e:
        out = {'error': '%s: %s' % (type(e).__name__, e), 'errno': 0}
    answer(json.dumps(out).encode())

if count:
    cpu = sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))
    with open(count, 'a') as f:
        f.write('#cpu %.3f\n' % cpu)
