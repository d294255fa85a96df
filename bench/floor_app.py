"""The floor: a do-nothing JSON endpoint, served by gunicorn with the service's own config.

Plain Flask (no flask-smorest, no schemas, no custom JSON provider, no
middleware): one ``POST /floor`` that ignores its body and answers a small
JSON object. Whatever the referee costs above this is the referee's own work.

Run: ``gunicorn --config deploy/gunicorn.conf.py bench.floor_app:app``.
"""

from flask import Flask

app = Flask(__name__)


@app.post("/floor")
def floor():
    return {"ok": True}
